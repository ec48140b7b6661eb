// The server's weak_password answer carries reasons (length, characters, pwned); this turns them
// into the sentence shown under the password field.

const REASONS: Record<string, string> = {
  length: 'It is too short.',
  characters: 'It needs letters and digits.',
  pwned: 'It has appeared in a data breach; choose another.',
};

/** The sentence for a weak_password error, or null for any other error. */
export function weakPasswordSentence(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; reasons?: unknown };
  if (e.code !== 'weak_password') return null;
  const reasons = Array.isArray(e.reasons) ? e.reasons.map((r) => REASONS[String(r)]) : [];
  const known = reasons.filter((r): r is string => !!r);
  return ['This password is too weak.', ...known].join(' ');
}
