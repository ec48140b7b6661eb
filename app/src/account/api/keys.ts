// Query keys of the account feature, from one factory so invalidation hits the right entries.
export const accountKeys = {
  all: ['account'] as const,
  profile: (userId: string) => ['account', 'profile', userId] as const,
  factors: (userId: string) => ['account', 'factors', userId] as const,
  sessions: (userId: string) => ['account', 'sessions', userId] as const,
  passkeys: (userId: string) => ['account', 'passkeys', userId] as const,
  identities: (userId: string) => ['account', 'identities', userId] as const,
};
