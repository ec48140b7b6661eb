// Malformed bodies never reach a 500: every endpoint answers wrong types, huge strings and
// non-JSON with 400 bad_json / validation_failed (or the endpoint's own 4xx), as Supabase Auth does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { client, raw, uniqueEmail } from './helpers.ts';

const CONFIG = `
[auth]
enable_anonymous_sign_ins = true
[auth.sms]
enable_signup = true
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
[auth.rate_limit]
email_sent = 100000
sms_sent = 100000
sign_in_sign_ups = 100000
token_refresh = 100000
token_verifications = 100000
anonymous_users = 100000
`;

const BAD_VALUES: unknown[] = [123, true, [], { a: 1 }, 'x'.repeat(20_000), '\u0000', -1.5];

const ENDPOINTS: { method: string; path: string; fields: string[]; auth?: 'user' | 'service' }[] = [
  {
    method: 'POST',
    path: '/signup',
    fields: ['email', 'phone', 'password', 'data', 'code_challenge', 'code_challenge_method'],
  },
  { method: 'POST', path: '/token?grant_type=password', fields: ['email', 'phone', 'password'] },
  { method: 'POST', path: '/token?grant_type=refresh_token', fields: ['refresh_token'] },
  { method: 'POST', path: '/token?grant_type=pkce', fields: ['auth_code', 'code_verifier'] },
  { method: 'POST', path: '/otp', fields: ['email', 'phone', 'create_user', 'data', 'channel'] },
  {
    method: 'POST',
    path: '/verify',
    fields: ['type', 'token', 'token_hash', 'email', 'phone', 'redirect_to'],
  },
  { method: 'POST', path: '/recover', fields: ['email', 'code_challenge'] },
  { method: 'POST', path: '/resend', fields: ['type', 'email', 'phone'] },
  {
    method: 'PUT',
    path: '/user',
    fields: ['email', 'phone', 'password', 'data', 'nonce', 'app_metadata'],
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/factors',
    fields: ['factor_type', 'friendly_name', 'issuer', 'phone'],
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/admin/users',
    fields: [
      'email',
      'phone',
      'password',
      'email_confirm',
      'user_metadata',
      'app_metadata',
      'ban_duration',
      'id',
      'role',
    ],
    auth: 'service',
  },
  {
    method: 'POST',
    path: '/admin/generate_link',
    fields: ['type', 'email', 'new_email', 'password', 'data', 'redirect_to'],
    auth: 'service',
  },
  { method: 'POST', path: '/invite', fields: ['email', 'data'], auth: 'service' },
];

describe.each(DRIVERS)('malformed auth requests on %s', (driver) => {
  let stack: TestStack;
  let userToken: string;
  beforeAll(async () => {
    stack = await startTestStack({ driver, config: CONFIG });
    const { data } = await client(stack).auth.signUp({
      email: uniqueEmail('fuzz'),
      password: 'secret-password',
    });
    userToken = data.session!.access_token;
  });
  afterAll(() => stack?.close());

  it('never answer 500 to wrong types, huge strings or broken JSON', async () => {
    const failures: string[] = [];
    for (const endpoint of ENDPOINTS) {
      const bearer =
        endpoint.auth === 'user'
          ? userToken
          : endpoint.auth === 'service'
            ? stack.keys.serviceRoleKey
            : undefined;
      const bodies: { label: string; rawBody: string }[] = [
        { label: 'not json', rawBody: '{"email": ' },
        { label: 'array', rawBody: '[]' },
        { label: 'string', rawBody: '"hello"' },
        { label: 'huge', rawBody: JSON.stringify({ email: 'a'.repeat(2_000_000) }) },
      ];
      for (const field of endpoint.fields)
        for (const value of BAD_VALUES)
          bodies.push({
            label: `${field}=${JSON.stringify(value).slice(0, 20)}`,
            rawBody: JSON.stringify({ [field]: value }),
          });
      for (const { label, rawBody } of bodies) {
        const res = await raw(stack, endpoint.method, endpoint.path, { rawBody, bearer });
        if (
          res.status >= 500 ||
          (typeof res.body.msg !== 'string' &&
            typeof res.body.error_description !== 'string' &&
            res.status >= 400)
        )
          failures.push(
            `${endpoint.method} ${endpoint.path} ${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers NUL characters in query parameters without failing', async () => {
    const link = await fetch(`${stack.url}/auth/v1/verify?token=%00abc&type=signup`, {
      redirect: 'manual',
    });
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toContain('error_code=otp_expired');
    const list = await raw(stack, 'GET', '/admin/users?filter=%00', {
      bearer: stack.keys.serviceRoleKey,
    });
    expect(list.status).toBe(200);
  });

  it('answers wrong types with bad_json and broken JSON with bad_json', async () => {
    const wrong = await raw(stack, 'POST', '/otp', { body: { email: ['a@b.co'] } });
    expect(wrong.body).toMatchObject({ code: 400, error_code: 'bad_json' });
    const broken = await raw(stack, 'POST', '/verify', { rawBody: '{' });
    expect(broken.body).toMatchObject({ code: 400, error_code: 'bad_json' });
  });
});
