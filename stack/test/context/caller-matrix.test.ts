// Who is calling, as every service sees it: one table of callers (rows) × services (columns),
// each cell the status and error body the service answers. The caller is resolved once for the
// whole stack (src/context/caller.ts); what differs from column to column is only each service's
// own documented error shape. A cell is [status, body]: body is matched (toMatchObject), `null`
// is an empty body, `'ok'` any success body.
import { SignJWT, exportJWK, generateKeyPair, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signHs256 } from '../../src/keys/legacy.ts';
import { DRIVERS, clientFor, startTestStack, type TestStack } from '../support/stack.ts';

const MIGRATION = `
create table public.matrix_notes (id int primary key);
alter table public.matrix_notes enable row level security;
create policy "everyone reads" on public.matrix_notes for select using (true);
grant select on public.matrix_notes to anon, authenticated, service_role;
insert into public.matrix_notes values (1);
`;

type Column = 'rest' | 'storage' | 'user' | 'admin' | 'realtime' | 'functions' | 'inbox';
type Cell = readonly [status: number, body: Record<string, unknown> | null | 'ok'];
type Row = Record<Column, Cell>;

/** The credentials a row sends: the `apikey` header and the bearer token, each optional. */
interface Credentials {
  apikey?: string;
  bearer?: string;
}

interface Tokens {
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  user: string;
  expired: string;
  wrongSignature: string;
  unknownKid: string;
}

// Each service's own answers (docs/errors.md; status and body as the hosted service sends them).
const OK: Cell = [200, 'ok'];
const ACCEPTED: Cell = [202, null];
const NO_KEY: Cell = [401, { message: 'No API key found in request' }];
const BAD_KEY: Cell = [401, { message: 'Invalid API key' }];
const pgrst = (code: string, message: string): Cell => [
  401,
  { code, message, details: null, hint: null },
];
const storage = (message: string): Cell => [
  400,
  { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message },
];
const auth = (status: number, error_code: string, msg: string): Cell => [
  status,
  { code: status, error_code, msg },
];
const badJwt = (detail: string) =>
  auth(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
const SEGMENTS = 'token is malformed: token contains an invalid number of segments';
const NOT_ADMIN = auth(403, 'not_admin', 'User not allowed');
const NO_SUB = auth(403, 'bad_jwt', 'invalid claim: missing sub claim');
const REALTIME_DENIED: Cell = [401, { message: 'Unauthorized' }];
const FN_MISSING: Cell = [401, { code: 401, message: 'Missing authorization header' }];
const FN_INVALID: Cell = [401, { code: 401, message: 'Invalid JWT' }];
const INBOX_MISSING: Cell = [401, { statusCode: 401, name: 'missing_api_key' }];
const INBOX_REFUSED: Cell = [403, { statusCode: 403, name: 'invalid_api_key' }];

/** A bad bearer token beside the anon key: every service's word for the same failure. */
function refused(rest: Cell, storageMessage: string, authDetail: string): Row {
  return {
    rest,
    storage: storage(storageMessage),
    user: badJwt(authDetail),
    admin: badJwt(authDetail),
    realtime: REALTIME_DENIED,
    functions: FN_INVALID,
    inbox: INBOX_REFUSED,
  };
}

const ROWS: Record<string, { send: (t: Tokens) => Credentials; expect: Row }> = {
  'no credentials': {
    send: () => ({}),
    expect: {
      rest: NO_KEY,
      storage: storage('Invalid Compact JWS'),
      user: NO_KEY,
      admin: NO_KEY,
      realtime: NO_KEY,
      functions: FN_MISSING,
      inbox: INBOX_MISSING,
    },
  },
  'anon key (legacy JWT)': {
    send: (t) => ({ apikey: t.anonKey, bearer: t.anonKey }),
    expect: {
      rest: OK,
      storage: OK,
      user: NO_SUB,
      admin: NOT_ADMIN,
      realtime: ACCEPTED,
      functions: OK,
      inbox: INBOX_REFUSED,
    },
  },
  'service_role key (legacy JWT)': {
    send: (t) => ({ apikey: t.serviceRoleKey, bearer: t.serviceRoleKey }),
    expect: {
      rest: OK,
      storage: OK,
      user: NO_SUB,
      admin: OK,
      realtime: ACCEPTED,
      functions: OK,
      inbox: OK,
    },
  },
  // Opaque keys are not JWTs: Auth's sessions and Functions' verify_jwt refuse them.
  'sb_publishable key': {
    send: (t) => ({ apikey: t.publishableKey, bearer: t.publishableKey }),
    expect: {
      rest: OK,
      storage: OK,
      user: badJwt(SEGMENTS),
      admin: NOT_ADMIN,
      realtime: ACCEPTED,
      functions: FN_INVALID,
      inbox: INBOX_REFUSED,
    },
  },
  'sb_secret key': {
    send: (t) => ({ apikey: t.secretKey, bearer: t.secretKey }),
    expect: {
      rest: OK,
      storage: OK,
      user: badJwt(SEGMENTS),
      admin: OK,
      realtime: ACCEPTED,
      functions: FN_INVALID,
      inbox: OK,
    },
  },
  "a user's access token": {
    send: (t) => ({ apikey: t.anonKey, bearer: t.user }),
    expect: {
      rest: OK,
      storage: OK,
      user: OK,
      admin: NOT_ADMIN,
      realtime: ACCEPTED,
      functions: OK,
      inbox: INBOX_REFUSED,
    },
  },
  'that token expired': {
    send: (t) => ({ apikey: t.anonKey, bearer: t.expired }),
    expect: refused(
      pgrst('PGRST303', 'JWT expired'),
      'jwt expired',
      'token has invalid claims: token is expired',
    ),
  },
  'wrong signature': {
    send: (t) => ({ apikey: t.anonKey, bearer: t.wrongSignature }),
    expect: refused(
      pgrst('PGRST301', 'JWT cryptographic operation failed'),
      'invalid signature',
      'signature is invalid',
    ),
  },
  'unknown kid': {
    send: (t) => ({ apikey: t.anonKey, bearer: t.unknownKid }),
    expect: refused(
      pgrst('PGRST301', 'JWT cryptographic operation failed'),
      'invalid signature',
      'token is unverifiable: error while executing keyfunc: unrecognized JWT kid not-a-project-key for algorithm ES256',
    ),
  },
  'malformed: abc': {
    send: (t) => ({ apikey: t.anonKey, bearer: 'abc' }),
    expect: refused(pgrst('PGRST301', 'Expected 3 parts in JWT; got 1'), 'jwt malformed', SEGMENTS),
  },
  'malformed: two parts': {
    send: (t) => ({ apikey: t.anonKey, bearer: 'eyJhbGciOiJIUzI1NiJ9.e30' }),
    expect: refused(pgrst('PGRST301', 'Expected 3 parts in JWT; got 2'), 'jwt malformed', SEGMENTS),
  },
  // As supabase-js sends a key: in apikey and as the bearer. The gateway refuses it before the
  // services behind it; Storage (no gateway check) and Functions (verify_jwt) answer themselves.
  'unknown sb_publishable as the key': {
    send: () => ({ apikey: 'sb_publishable_not-the-key', bearer: 'sb_publishable_not-the-key' }),
    expect: {
      rest: BAD_KEY,
      storage: storage('jwt malformed'),
      user: BAD_KEY,
      admin: BAD_KEY,
      realtime: BAD_KEY,
      functions: FN_INVALID,
      inbox: INBOX_REFUSED,
    },
  },
  'unknown sb_secret as the bearer': {
    send: (t) => ({ apikey: t.anonKey, bearer: 'sb_secret_not-the-key' }),
    expect: refused(pgrst('PGRST301', 'Expected 3 parts in JWT; got 1'), 'jwt malformed', SEGMENTS),
  },
};

const PROBES: Record<Column, { method: string; path: string; body?: unknown }> = {
  rest: { method: 'GET', path: '/rest/v1/matrix_notes?select=id' },
  storage: { method: 'GET', path: '/storage/v1/bucket' },
  user: { method: 'GET', path: '/auth/v1/user' },
  admin: { method: 'GET', path: '/auth/v1/admin/users' },
  realtime: {
    method: 'POST',
    path: '/realtime/v1/api/broadcast',
    body: { messages: [{ topic: 'matrix', event: 'ping', payload: {} }] },
  },
  functions: { method: 'POST', path: '/functions/v1/echo', body: {} },
  inbox: {
    method: 'POST',
    path: '/inbox/api/send',
    body: { to: 'matrix@example.com', subject: 'Hi', text: 'Hello' },
  },
};

describe.each(DRIVERS)('who is calling, service by service, on %s', (driver) => {
  let stack: TestStack;
  let tokens: Tokens;

  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      fixture: 'functions',
      migrations: { '1_matrix.sql': MIGRATION },
    });
    const now = Math.floor(Date.now() / 1000);
    const { data, error } = await clientFor(stack.url, stack.keys.anonKey).auth.signUp({
      email: `matrix-${Date.now()}@example.com`,
      password: 'secret-password',
    });
    if (error || !data.session) throw error ?? new Error('no session');
    const user = data.session.access_token;
    const claims = JSON.parse(Buffer.from(user.split('.')[1]!, 'base64url').toString());
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const stranger = { ...(await exportJWK(privateKey)), kid: 'not-a-project-key', alg: 'ES256' };
    tokens = {
      anonKey: stack.keys.anonKey,
      serviceRoleKey: stack.keys.serviceRoleKey,
      publishableKey: stack.keys.publishableKey,
      secretKey: stack.keys.secretKey,
      user,
      expired: await stack.keys.signAccessToken({ ...claims, iat: now - 7200, exp: now - 3600 }),
      wrongSignature: signHs256(claims, 'not-the-secret-but-32-characters-long'),
      unknownKid: await new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: stranger.kid, typ: 'JWT' })
        .sign(await importJWK(stranger, 'ES256')),
    };
  });
  afterAll(() => stack?.close());

  async function call(column: Column, credentials: Credentials) {
    const probe = PROBES[column];
    const res = await fetch(`${stack.url}${probe.path}`, {
      method: probe.method,
      headers: {
        ...(probe.body ? { 'content-type': 'application/json' } : {}),
        ...(credentials.apikey ? { apikey: credentials.apikey } : {}),
        ...(credentials.bearer ? { authorization: `Bearer ${credentials.bearer}` } : {}),
      },
      body: probe.body ? JSON.stringify(probe.body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  const CELLS = Object.entries(ROWS).flatMap(([row, { send, expect: cells }]) =>
    (Object.keys(PROBES) as Column[]).map((column) => ({ row, column, send, cell: cells[column] })),
  );

  it.each(CELLS)('$row → $column', async ({ column, send, cell: [status, body] }) => {
    const res = await call(column, send(tokens));
    expect(res.status).toBe(status);
    if (body === null) expect(res.body).toBeNull();
    else if (body === 'ok') expect(res.body).not.toBeNull();
    else expect(res.body).toMatchObject(body);
  });
});
