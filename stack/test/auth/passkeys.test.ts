// Passkeys and WebAuthn MFA factors through supabase-js (auth.passkey.*, auth.admin.passkey.*,
// auth.mfa with factorType 'webauthn'), with a software authenticator that builds real
// attestations and ES256 assertions — and misbehaves as an attacker would.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, NO_REALTIME, startTestStack, type TestStack } from '../support/stack.ts';
import { raw, uniqueEmail } from './helpers.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';

const RP_ID = 'localhost';
const ORIGIN = 'http://localhost:5173';

const CONFIG = `
[auth]
site_url = "http://localhost:3000"
[auth.passkey]
enabled = true
[auth.webauthn]
rp_display_name = "Sheaf tests"
rp_id = "${RP_ID}"
rp_origins = ["${ORIGIN}"]
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
[auth.mfa.web_authn]
enroll_enabled = true
verify_enabled = true
`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Credential = ReturnType<SoftwareAuthenticator['get']>;

/** The HTTP status of an auth error (auth-js types WebAuthn errors without one). */
const status = (error: unknown) => (error as { status?: number } | null)?.status;

describe.each(DRIVERS)('passkeys and WebAuthn factors on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver, config: CONFIG });
  });
  afterAll(() => stack?.close());

  const passkeyClient = (key = stack.keys.anonKey): SupabaseClient =>
    createClient(stack.url, key, {
      auth: {
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        experimental: { passkey: true },
      },
      realtime: NO_REALTIME,
    });

  async function signedUp() {
    const c = passkeyClient();
    const email = uniqueEmail('passkey');
    const { data, error } = await c.auth.signUp({ email, password: 'secret-password' });
    expect(error).toBeNull();
    return { c, email, userId: data.user!.id, token: data.session!.access_token };
  }

  async function register(
    c: SupabaseClient,
    authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN),
  ) {
    const { data: options, error } = await c.auth.passkey.startRegistration();
    expect(error).toBeNull();
    const created = await c.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential: authenticator.create(options!.options),
    });
    expect(created.error).toBeNull();
    return { authenticator, passkeyId: created.data!.id };
  }

  /** A sign-in ceremony answered by `answer` (the authenticator's assertion, or a forged one). */
  async function signIn(answer: (options: { challenge: string }) => Credential) {
    const c = passkeyClient();
    const { data: options, error } = await c.auth.passkey.startAuthentication();
    expect(error).toBeNull();
    const credential = answer(options!.options);
    const result = await c.auth.passkey.verifyAuthentication({
      challengeId: options!.challenge_id,
      credential,
    });
    return { ...result, challengeId: options!.challenge_id, credential, c };
  }

  it('registers a passkey and signs in with it (a discoverable credential, amr passkey)', async () => {
    const { c, userId } = await signedUp();
    const { data: options, error } = await c.auth.passkey.startRegistration();
    expect(error).toBeNull();
    expect(options!.challenge_id).toMatch(UUID);
    expect(options!.expires_at).toBeGreaterThan(Date.now() / 1000 + 240);
    expect(options!.options).toMatchObject({
      rp: { id: RP_ID, name: 'Sheaf tests' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      attestation: 'none',
    });
    expect(Buffer.from(options!.options.user.id, 'base64url').toString()).toBe(userId);
    expect(options!.options.pubKeyCredParams).toContainEqual({ alg: -7, type: 'public-key' });

    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const created = await c.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential: authenticator.create(options!.options),
    });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({
      id: expect.stringMatching(UUID),
      friendly_name: 'Passkey',
    });

    // The next registration excludes it.
    const next = await c.auth.passkey.startRegistration();
    expect(next.data!.options.excludeCredentials?.map((e) => e.id)).toEqual([authenticator.id]);

    const signedIn = await signIn((o) => authenticator.get(o));
    expect(signedIn.error).toBeNull();
    expect(signedIn.data!.user!.id).toBe(userId);
    const claims = decodeJwt(signedIn.data!.session!.access_token);
    expect(claims).toMatchObject({ sub: userId, aal: 'aal1' });
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['passkey']);
    const me = await signedIn.c.auth.getUser();
    expect(me.data.user?.id).toBe(userId);

    const listed = await c.auth.passkey.list();
    expect(listed.data).toEqual([
      {
        id: created.data!.id,
        friendly_name: 'Passkey',
        created_at: expect.any(String),
        last_used_at: expect.any(String),
      },
    ]);
    const audit = await stack.db.query<{ action: string }>(
      `select payload->>'action' as action from auth.audit_log_entries
       where payload->>'actor_id' = $1 order by created_at`,
      [userId],
    );
    expect(audit.rows.map((r) => r.action)).toContain('passkey_created');
    const login = await stack.db.query<{ traits: Record<string, unknown> }>(
      `select payload->'traits' as traits from auth.audit_log_entries
       where payload->>'actor_id' = $1 and payload->>'action' = 'login'`,
      [userId],
    );
    expect(login.rows.map((r) => r.traits)).toContainEqual({
      provider: 'passkey',
      passkey_id: created.data!.id,
    });
  });

  it('uses a ceremony once, and refuses an assertion replayed on another ceremony', async () => {
    const { c } = await signedUp();
    const { authenticator } = await register(c);
    const first = await signIn((o) => authenticator.get(o));
    expect(first.error).toBeNull();
    const again = await first.c.auth.passkey.verifyAuthentication({
      challengeId: first.challengeId,
      credential: first.credential,
    });
    expect(again.error?.code).toBe('webauthn_challenge_not_found');
    expect(status(again.error)).toBe(400);
    const elsewhere = await signIn(() => first.credential);
    expect(elsewhere.error?.code).toBe('webauthn_verification_failed');

    // A registration ceremony is single-use too, and another user's is not found.
    const { data: options } = await c.auth.passkey.startRegistration();
    const other = await signedUp();
    const stolen = await other.c.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential: new SoftwareAuthenticator(RP_ID, ORIGIN).create(options!.options),
    });
    expect(stolen.error?.code).toBe('webauthn_challenge_not_found');
  });

  it('refuses answers for another origin or RP, without user presence, or from an unknown authenticator', async () => {
    const { c } = await signedUp();
    const { data: options } = await c.auth.passkey.startRegistration();
    const phished = await c.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential: new SoftwareAuthenticator(RP_ID, ORIGIN).create(options!.options, {
        origin: 'https://evil.example',
      }),
    });
    expect(phished.error?.code).toBe('webauthn_verification_failed');
    const { data: again } = await c.auth.passkey.startRegistration();
    const otherRp = await c.auth.passkey.verifyRegistration({
      challengeId: again!.challenge_id,
      credential: new SoftwareAuthenticator(RP_ID, ORIGIN).create(again!.options, {
        rpId: 'evil.example',
      }),
    });
    expect(otherRp.error?.code).toBe('webauthn_verification_failed');

    const { authenticator } = await register(c);
    const wrongOrigin = await signIn((o) =>
      authenticator.get(o, { origin: 'https://evil.example' }),
    );
    expect(wrongOrigin.error?.code).toBe('webauthn_verification_failed');
    const absent = await signIn((o) => authenticator.get(o, { presence: false }));
    expect(absent.error?.code).toBe('webauthn_verification_failed');

    // Bound to the user's handle but never registered.
    const stranger = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const { data: unused } = await c.auth.passkey.startRegistration();
    stranger.create(unused!.options);
    const unknown = await signIn((o) => stranger.get(o));
    expect(unknown.error?.code).toBe('webauthn_verification_failed');
    // Someone else's passkey cannot sign in as this user by naming this user's handle.
    const other = await signedUp();
    const theirs = await register(other.c);
    const { data: mine } = await c.auth.passkey.startRegistration();
    const handle = Buffer.from(mine!.options.user.id, 'base64url');
    const impersonated = await signIn((o) => theirs.authenticator.get(o, { userHandle: handle }));
    expect(impersonated.error?.code).toBe('webauthn_verification_failed');
    expect((await signIn((o) => authenticator.get(o))).error).toBeNull();
  });

  it('refuses a sign counter that did not move forward (a cloned authenticator)', async () => {
    const { c } = await signedUp();
    const { authenticator } = await register(c);
    expect((await signIn((o) => authenticator.get(o, { counter: 5 }))).error).toBeNull();
    const same = await signIn((o) => authenticator.get(o, { counter: 5 }));
    expect(same.error?.code).toBe('webauthn_verification_failed');
    const back = await signIn((o) => authenticator.get(o, { counter: 3 }));
    expect(back.error?.code).toBe('webauthn_verification_failed');
    expect((await signIn((o) => authenticator.get(o, { counter: 6 }))).error).toBeNull();
  });

  it('refuses an expired ceremony and checks what a verify request carries', async () => {
    const { c, token } = await signedUp();
    const { authenticator } = await register(c);
    const { data: options } = await passkeyClient().auth.passkey.startAuthentication();
    await stack.db.query(
      `update auth.webauthn_challenges set expires_at = now() - interval '1 second' where id = $1`,
      [options!.challenge_id],
    );
    const late = await passkeyClient().auth.passkey.verifyAuthentication({
      challengeId: options!.challenge_id,
      credential: authenticator.get(options!.options),
    });
    expect(late.error?.code).toBe('webauthn_challenge_expired');

    const missing = await raw(stack, 'POST', '/passkeys/authentication/verify', { body: {} });
    expect(missing.body).toMatchObject({
      error_code: 'validation_failed',
      msg: 'challenge_id is required',
    });
    const notUuid = await raw(stack, 'POST', '/passkeys/registration/verify', {
      bearer: token,
      body: { challenge_id: 'nope', credential: {} },
    });
    expect(notUuid.body.msg).toBe('challenge_id must be a valid UUID');
    const garbage = await signIn(() => ({ nonsense: true }) as unknown as Credential);
    expect(garbage.error?.code).toBe('webauthn_verification_failed');
    const anonymous = await passkeyClient().auth.passkey.startRegistration();
    expect(anonymous.error?.name).toBe('AuthSessionMissingError');
  });

  it('refuses a credential registered already and more than ten passkeys', async () => {
    const { c } = await signedUp();
    const { authenticator } = await register(c);
    const { data: options } = await c.auth.passkey.startRegistration();
    const twice = await c.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential: authenticator.create(options!.options),
    });
    expect(twice.error?.code).toBe('webauthn_credential_exists');
    expect(status(twice.error)).toBe(422);
    for (let i = 1; i < 10; i++) await register(c);
    const eleventh = await c.auth.passkey.startRegistration();
    expect(eleventh.error?.code).toBe('too_many_passkeys');
    expect((await c.auth.passkey.list()).data).toHaveLength(10);
  });

  it('lists, renames and deletes the user’s own passkeys only', async () => {
    const { c } = await signedUp();
    const { authenticator, passkeyId } = await register(c);
    const renamed = await c.auth.passkey.update({ passkeyId, friendlyName: 'Laptop' });
    expect(renamed.data).toMatchObject({ id: passkeyId, friendly_name: 'Laptop' });
    expect((await c.auth.passkey.list()).data![0]!.friendly_name).toBe('Laptop');
    const empty = await c.auth.passkey.update({ passkeyId, friendlyName: '' });
    expect(empty.error?.code).toBe('validation_failed');
    const long = await c.auth.passkey.update({ passkeyId, friendlyName: 'x'.repeat(121) });
    expect(long.error?.message).toBe('friendly_name must be 120 characters or less');

    const other = await signedUp();
    const foreign = await other.c.auth.passkey.update({ passkeyId, friendlyName: 'mine now' });
    expect(status(foreign.error)).toBe(404);
    expect(status((await other.c.auth.passkey.delete({ passkeyId })).error)).toBe(404);
    expect((await other.c.auth.passkey.list()).data).toEqual([]);

    expect((await c.auth.passkey.delete({ passkeyId })).error).toBeNull();
    expect((await c.auth.passkey.list()).data).toEqual([]);
    const gone = await signIn((o) => authenticator.get(o));
    expect(gone.error?.code).toBe('webauthn_verification_failed');
  });

  it('lets the service key list and delete a user’s passkeys', async () => {
    const { c, userId, token } = await signedUp();
    const { passkeyId } = await register(c);
    const second = await register(c);
    const admin = passkeyClient(stack.keys.serviceRoleKey).auth.admin;
    const listed = await admin.passkey.listPasskeys({ userId });
    expect(listed.data?.map((p) => p.id)).toEqual([passkeyId, second.passkeyId]);
    expect((await admin.passkey.deletePasskey({ userId, passkeyId })).error).toBeNull();
    expect((await admin.passkey.listPasskeys({ userId })).data?.map((p) => p.id)).toEqual([
      second.passkeyId,
    ]);
    const again = await admin.passkey.deletePasskey({ userId, passkeyId });
    expect(status(again.error)).toBe(404);
    const nobody = await raw(stack, 'GET', `/admin/users/${passkeyId}/passkeys`, {
      key: stack.keys.serviceRoleKey,
    });
    expect(nobody.body.error_code).toBe('user_not_found');
    const notAdmin = await raw(stack, 'GET', `/admin/users/${userId}/passkeys`, { bearer: token });
    expect(notAdmin.body.error_code).toBe('not_admin');
  });

  it('enrols a WebAuthn factor, raises the session to aal2 with it, and guards passkeys behind aal2', async () => {
    const { c, email } = await signedUp();
    const enrolled = await c.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'key' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toMatchObject({ type: 'webauthn', friendly_name: 'key' });
    const factorId = enrolled.data!.id;
    const key = new SoftwareAuthenticator(RP_ID, ORIGIN);

    const create = await c.auth.mfa.challenge({ factorId });
    expect(create.error).toBeNull();
    const createData = create.data as unknown as {
      id: string;
      type: string;
      webauthn: {
        type: string;
        credential_options: { publicKey: { challenge: ArrayBuffer; rp: { id: string } } };
      };
    };
    expect(createData.type).toBe('webauthn');
    expect(createData.webauthn.type).toBe('create');
    expect(createData.webauthn.credential_options.publicKey.rp.id).toBe(RP_ID);
    // auth-js turns the options into the browser's shape; the raw answer carries base64url.
    const rawCreate = await raw(stack, 'POST', `/factors/${factorId}/challenge`, {
      bearer: (await c.auth.getSession()).data.session!.access_token,
      body: {},
    });
    const createOptions = (
      rawCreate.body.webauthn as {
        credential_options: { publicKey: { challenge: string; user: { id: string } } };
      }
    ).credential_options.publicKey;
    const wrong = await raw(stack, 'POST', `/factors/${factorId}/verify`, {
      bearer: (await c.auth.getSession()).data.session!.access_token,
      body: {
        challenge_id: rawCreate.body.id,
        webauthn: {
          type: 'create',
          credential_response: key.create(createOptions, { origin: 'https://evil.example' }),
        },
      },
    });
    expect(wrong.body.error_code).toBe('webauthn_verification_failed');
    const verified = await raw(stack, 'POST', `/factors/${factorId}/verify`, {
      bearer: (await c.auth.getSession()).data.session!.access_token,
      body: {
        challenge_id: rawCreate.body.id,
        webauthn: { type: 'create', credential_response: key.create(createOptions) },
      },
    });
    expect(verified.status).toBe(200);
    const claims = decodeJwt(verified.body.access_token as string);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toContain('mfa/webauthn');
    const reused = await raw(stack, 'POST', `/factors/${factorId}/verify`, {
      bearer: verified.body.access_token as string,
      body: {
        challenge_id: rawCreate.body.id,
        webauthn: { type: 'create', credential_response: key.create(createOptions) },
      },
    });
    expect(reused.body.error_code).toBe('mfa_factor_not_found');

    // A new sign-in is aal1 until the key answers a "request" challenge.
    const later = passkeyClient();
    const { data: login } = await later.auth.signInWithPassword({
      email,
      password: 'secret-password',
    });
    const bearer = login.session!.access_token;
    expect(decodeJwt(bearer).aal).toBe('aal1');
    const aal1Passkey = await later.auth.passkey.startRegistration();
    expect(aal1Passkey.error?.code).toBe('insufficient_aal');
    const request = await raw(stack, 'POST', `/factors/${factorId}/challenge`, {
      bearer,
      body: {},
    });
    const requestData = request.body.webauthn as {
      type: string;
      credential_options: { publicKey: { challenge: string; allowCredentials: { id: string }[] } };
    };
    expect(requestData.type).toBe('request');
    expect(requestData.credential_options.publicKey.allowCredentials.map((a) => a.id)).toEqual([
      key.id,
    ]);
    const missing = await raw(stack, 'POST', `/factors/${factorId}/verify`, {
      bearer,
      body: { challenge_id: request.body.id },
    });
    expect(missing.body.msg).toBe('WebAuthn config required');
    const stepUp = await raw(stack, 'POST', `/factors/${factorId}/verify`, {
      bearer,
      body: {
        challenge_id: request.body.id,
        webauthn: {
          type: 'request',
          credential_response: key.get(requestData.credential_options.publicKey),
        },
      },
    });
    expect(stepUp.status).toBe(200);
    expect(decodeJwt(stepUp.body.access_token as string).aal).toBe('aal2');
    // The same counter again: a cloned key.
    const retry = await raw(stack, 'POST', `/factors/${factorId}/challenge`, { bearer, body: {} });
    const retryOptions = (retry.body.webauthn as typeof requestData).credential_options.publicKey;
    const cloned = await raw(stack, 'POST', `/factors/${factorId}/verify`, {
      bearer,
      body: {
        challenge_id: retry.body.id,
        webauthn: {
          type: 'request',
          credential_response: key.get(retryOptions, { counter: key.signCount }),
        },
      },
    });
    expect(cloned.body.error_code).toBe('webauthn_verification_failed');
    const factors = await raw(stack, 'GET', '/user', {
      bearer: stepUp.body.access_token as string,
    });
    expect(factors.body.factors).toEqual([
      expect.objectContaining({
        id: factorId,
        factor_type: 'webauthn',
        status: 'verified',
        web_authn_aaguid: '00000000-0000-0000-0000-000000000000',
        last_webauthn_challenge_data: expect.objectContaining({ type: 'request' }),
      }),
    ]);
  });
});
