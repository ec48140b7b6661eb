// A person's role in a notebook, as notebook_members.role holds it (a text column with a check
// constraint, so the generated types say `string`): parsed once where rows are read.

export const ROLES = ['owner', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** The role a row holds; anything unknown reads as the least privileged one. */
export function roleOf(value: string): Role {
  return (ROLES as readonly string[]).includes(value) ? (value as Role) : 'viewer';
}
