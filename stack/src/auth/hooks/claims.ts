// The claims a custom access token hook returns, checked as Supabase Auth checks them (its
// minimum viable token schema): the required claims present, the known ones of the right JSON
// type. The message lists each problem as "- <field>: <description>".
import { authError } from '../errors.ts';

type JsonType = 'string' | 'integer' | 'object' | 'array';

const TYPES: Record<string, JsonType[]> = {
  aud: ['string', 'array'],
  exp: ['integer'],
  jti: ['string'],
  iat: ['integer'],
  iss: ['string'],
  nbf: ['integer'],
  sub: ['string'],
  email: ['string'],
  phone: ['string'],
  app_metadata: ['object'],
  user_metadata: ['object'],
  role: ['string'],
  aal: ['string'],
  amr: ['array'],
  session_id: ['string'],
  client_id: ['string'],
};

export const REQUIRED_CLAIMS = [
  'aud',
  'exp',
  'iat',
  'sub',
  'email',
  'phone',
  'role',
  'aal',
  'session_id',
  'is_anonymous',
] as const;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The schema problems of `claims`, as "<field>: <description>" lines (none when valid). */
export function claimProblems(claims: unknown): string[] {
  if (typeOf(claims) !== 'object')
    return [`(root): Invalid type. Expected: object, given: ${typeOf(claims)}`];
  const c = claims as Record<string, unknown>;
  const problems: string[] = [];
  for (const name of REQUIRED_CLAIMS)
    if (!(name in c)) problems.push(`(root): ${name} is required`);
  for (const [name, types] of Object.entries(TYPES)) {
    if (!(name in c)) continue;
    const given = typeOf(c[name]);
    if (!types.includes(given as JsonType))
      problems.push(`${name}: Invalid type. Expected: ${types.join('/')}, given: ${given}`);
  }
  const amr = c.amr;
  if (Array.isArray(amr))
    amr.forEach((entry, i) => {
      const given = typeOf(entry);
      if (given !== 'string' && given !== 'object')
        problems.push(`amr.${i}: Must validate at least one schema (anyOf)`);
    });
  return problems;
}

/** Throws Supabase Auth's 500 when the hook's claims do not conform; returns them otherwise. */
export function checkClaims(claims: unknown): Record<string, unknown> {
  const problems = claimProblems(claims);
  if (problems.length)
    throw authError(
      'unexpected_failure',
      `output claims do not conform to the expected schema: \n${problems.map((p) => `- ${p}\n`).join('')}`,
    );
  return claims as Record<string, unknown>;
}
