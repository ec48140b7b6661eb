// OAuth sign-in through the stack's test identity providers ([auth.external.github] and
// [auth.external.google] without a `url`), driven as a browser drives it: the app's authorize URL
// (from supabase-js), the provider's sign-in page filled in and posted, the callback, back to the
// app — then PKCE's code exchange, the implicit flow's fragment, automatic and manual linking,
// unlinking, ID-token sign-in, and the errors of each step as Supabase Auth answers them.
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { client, inbox, raw, uniqueEmail } from './helpers.ts';
import { Browser, fragmentOf, toOrigin, type TestPerson } from './oauth-browser.ts';

const APP = 'http://localhost:3000';
const REDIRECT = `${APP}/auth/callback`;
const CONFIG = `
[auth]
site_url = "${APP}"
additional_redirect_urls = ["${APP}/**"]
enable_manual_linking = true
[auth.email]
enable_confirmations = true
[auth.email.notification.identity_linked]
enabled = true
[auth.email.notification.identity_unlinked]
enabled = true
[auth.external.github]
enabled = true
[auth.external.google]
enabled = true
`;

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');

describe.each(DRIVERS)('OAuth sign-in with the test identity providers, on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver, config: CONFIG });
  });
  afterAll(() => stack?.close());
  afterEach(() => vi.useRealTimers());

  const idp = (provider: string) => `${stack.url}/auth/v1/test-idp/${provider}`;

  /** signInWithOAuth's URL, followed through the provider's sign-in back to the app. */
  async function oauth(
    provider: 'github' | 'google',
    person: TestPerson,
    flowType: 'implicit' | 'pkce' = 'implicit',
    redirectTo = REDIRECT,
  ) {
    const c = client(stack, stack.keys.anonKey, flowType);
    const { data, error } = await c.auth.signInWithOAuth({
      provider,
      options: { redirectTo, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const browser = new Browser();
    const back = await browser.signIn(data.url!, person, toOrigin(APP));
    return { c, back, browser };
  }

  async function passwordUser(email = uniqueEmail('pw')) {
    const { data, error } = await stack
      .service()
      .auth.admin.createUser({ email, password: 'secret-password', email_confirm: true });
    expect(error).toBeNull();
    return data.user!;
  }

  async function auditActions(userId: string): Promise<string[]> {
    const { rows } = await stack.db.query<{ action: string }>(
      `select payload->>'action' as action from auth.audit_log_entries
       where payload->>'actor_id' = $1 order by created_at`,
      [userId],
    );
    return rows.map((r) => r.action);
  }

  it('reports the enabled providers in /settings and serves each one as an OpenID provider', async () => {
    const settings = await raw(stack, 'GET', '/settings');
    expect(settings.body.external).toMatchObject({ github: true, google: true, gitlab: false });
    const discovery = await fetch(`${idp('google')}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    const doc = (await discovery.json()) as Record<string, string>;
    expect(doc.issuer).toBe(idp('google'));
    expect(doc.authorization_endpoint).toBe(`${idp('google')}/auth`);
    const jwks = (await (await fetch(doc.jwks_uri!)).json()) as { keys: { alg: string }[] };
    expect(jwks.keys[0]?.alg).toBe('RS256');
    // No API key is needed, as for a real provider; a provider not enabled has no test IdP.
    expect((await fetch(`${idp('gitlab')}/.well-known/openid-configuration`)).status).toBe(404);
  });

  it('signs a new person up with PKCE: code back to the app, exchanged by supabase-js', async () => {
    const email = uniqueEmail('pkce');
    const { c, back, browser } = await oauth('github', { email, name: 'Ada Lovelace' }, 'pkce');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    // The callback cannot be used twice: its flow state has its user already.
    const callback = browser.visited.find((u) => u.includes('/auth/v1/callback'))!;
    const replay = await new Browser().follow(callback, toOrigin(APP));
    expect(replay.url.searchParams.get('error_code')).toBe('flow_state_already_used');
    const { data, error } = await c.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    const { user, session } = data;
    expect(session?.provider_token).toBeTruthy();
    expect(decodeJwt(session!.access_token).amr).toEqual([
      expect.objectContaining({ method: 'oauth' }),
    ]);
    expect(user).toMatchObject({
      email,
      app_metadata: { provider: 'github', providers: ['github'] },
      user_metadata: {
        email,
        email_verified: true,
        full_name: 'Ada Lovelace',
        name: 'Ada Lovelace',
        iss: idp('github'),
      },
    });
    expect(user!.email_confirmed_at).toBeTruthy();
    expect(user!.identities).toHaveLength(1);
    const identity = user!.identities![0]!;
    expect(identity).toMatchObject({ provider: 'github', email });
    expect(identity.identity_data).toMatchObject({
      iss: idp('github'),
      sub: expect.any(String),
      email,
      email_verified: true,
      phone_verified: false,
      name: 'Ada Lovelace',
      full_name: 'Ada Lovelace',
      provider_id: identity.identity_data!.sub,
    });
    expect(await auditActions(user!.id)).toEqual(['user_signedup', 'login']);

    // Once exchanged, the flow state is gone; a wrong verifier does not get a session.
    const late = await new Browser().follow(callback, toOrigin(APP));
    expect(late.url.searchParams.get('error_description')).toBe('OAuth state not found or expired');
    const again = await oauth('github', { email }, 'pkce');
    const wrong = await raw(stack, 'POST', '/token?grant_type=pkce', {
      body: { auth_code: again.back.searchParams.get('code'), code_verifier: 'x'.repeat(43) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error_code: 'bad_code_verifier' });
  });

  it('signs in with the implicit flow: the session in the fragment, the same user next time', async () => {
    const email = uniqueEmail('implicit');
    const first = await oauth('google', { email, name: 'Grace Hopper' });
    const fragment = fragmentOf(first.back);
    expect([...fragment.keys()].sort()).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'provider_token',
      'refresh_token',
      'token_type',
    ]);
    expect(fragment.get('token_type')).toBe('bearer');
    const { data } = await first.c.auth.getUser(fragment.get('access_token')!);
    expect(data.user).toMatchObject({ email, app_metadata: { provider: 'google' } });

    const second = await oauth('google', { email, name: 'Grace B. Hopper' });
    const token = fragmentOf(second.back).get('access_token')!;
    const { data: again } = await second.c.auth.getUser(token);
    expect(again.user!.id).toBe(data.user!.id);
    expect(again.user!.identities).toHaveLength(1);
    // The provider's newest claims replace the identity's and merge into user_metadata.
    expect(again.user!.user_metadata.full_name).toBe('Grace B. Hopper');
  });

  it('links a verified provider email to the password account that has it', async () => {
    const user = await passwordUser();
    const { back, c } = await oauth('github', { email: user.email! });
    const { data } = await c.auth.getUser(fragmentOf(back).get('access_token')!);
    expect(data.user!.id).toBe(user.id);
    expect(data.user!.identities!.map((i) => i.provider).sort()).toEqual(['email', 'github']);
    expect(data.user!.app_metadata.providers).toEqual(['email', 'github']);
    expect(await auditActions(user.id)).toContain('identity_linked');
    const password = await client(stack).auth.signInWithPassword({
      email: user.email!,
      password: 'secret-password',
    });
    expect(password.error).toBeNull();
  });

  it('does not link an unverified provider email to an existing account', async () => {
    const user = await passwordUser();
    const { back } = await oauth('github', { email: user.email!, emailVerified: false });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_code')).toBe('provider_email_needs_verification');
    expect(back.searchParams.get('error_description')).toBe(
      'Unverified email with github. Verify the email with github in order to sign in',
    );
    expect(fragmentOf(back).get('error_code')).toBe('provider_email_needs_verification');
    const { data } = await stack.service().auth.admin.getUserById(user.id);
    expect(data.user!.identities!.map((i) => i.provider)).toEqual(['email']);
  });

  it('an unverified email of nobody yet gets a confirmation email before signing in', async () => {
    const email = uniqueEmail('unverified');
    const { back } = await oauth('google', { email, emailVerified: false });
    expect(back.searchParams.get('error_description')).toBe(
      'Unverified email with google. A confirmation email has been sent to your google email',
    );
    const messages = await inbox(stack, email);
    expect(messages[0]?.kind).toBe('confirmation');
  });

  it('links and unlinks identities with linkIdentity / unlinkIdentity', async () => {
    const user = await passwordUser();
    const c = client(stack);
    await c.auth.signInWithPassword({ email: user.email!, password: 'secret-password' });
    const googleEmail = uniqueEmail('linked');
    const { data: link, error } = await c.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: REDIRECT, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    expect(link.url).toContain(`${idp('google')}/auth?`);
    const back = await new Browser().signIn(link.url!, { email: googleEmail }, toOrigin(APP));
    expect(fragmentOf(back).get('access_token')).toBeTruthy();
    const { data: identities } = await c.auth.getUserIdentities();
    expect(identities!.identities.map((i) => i.provider).sort()).toEqual(['email', 'google']);
    const notice = (await inbox(stack, user.email!)).find(
      (m) => m.kind === 'identity_linked_notification',
    );
    expect(notice?.text).toContain('google');

    // Someone else cannot take the same Google person.
    const other = await passwordUser();
    const c2 = client(stack);
    await c2.auth.signInWithPassword({ email: other.email!, password: 'secret-password' });
    const { data: link2 } = await c2.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: REDIRECT, skipBrowserRedirect: true },
    });
    const refused = await new Browser().signIn(link2.url!, { email: googleEmail }, toOrigin(APP));
    expect(refused.searchParams.get('error_code')).toBe('identity_already_exists');
    expect(refused.searchParams.get('error_description')).toBe(
      'Identity is already linked to another user',
    );

    const google = identities!.identities.find((i) => i.provider === 'google')!;
    expect((await c.auth.unlinkIdentity(google)).error).toBeNull();
    const { data: after } = await c.auth.getUserIdentities();
    expect(after!.identities.map((i) => i.provider)).toEqual(['email']);
    const { data: refreshed } = await stack.service().auth.admin.getUserById(user.id);
    expect(refreshed.user!.app_metadata.providers).toEqual(['email']);
    expect(await auditActions(user.id)).toEqual(
      expect.arrayContaining(['identity_linked', 'identity_unlinked']),
    );

    const last = await c.auth.unlinkIdentity(after!.identities[0]!);
    expect(last.error?.code).toBe('single_identity_not_deletable');
    expect(last.error?.status).toBe(422);
    const session = (await c.auth.getSession()).data.session!;
    const missing = await raw(stack, 'DELETE', `/user/identities/${google.identity_id}`, {
      bearer: session.access_token,
    });
    // Two identities are needed before "not found" can be said: link GitHub back first.
    expect(missing.body.error_code).toBe('single_identity_not_deletable');
    const { data: link3 } = await c.auth.linkIdentity({
      provider: 'github',
      options: { redirectTo: REDIRECT, skipBrowserRedirect: true },
    });
    await new Browser().signIn(link3.url!, { email: uniqueEmail('gh') }, toOrigin(APP));
    const notFound = await raw(stack, 'DELETE', `/user/identities/${google.identity_id}`, {
      bearer: session.access_token,
    });
    expect(notFound.status).toBe(422);
    expect(notFound.body).toMatchObject({
      error_code: 'identity_not_found',
      msg: "Identity doesn't exist",
    });
  });

  it('sends a redirect_to that is not allowed back to site_url', async () => {
    const { back } = await oauth(
      'github',
      { email: uniqueEmail('elsewhere') },
      'implicit',
      'https://evil.example/steal',
    );
    expect(back.origin).toBe(APP);
    expect(back.pathname).toBe('/');
    expect(fragmentOf(back).get('access_token')).toBeTruthy();
  });

  it('refuses a tampered or missing state, back at site_url', async () => {
    const c = client(stack);
    const { data } = await c.auth.signInWithOAuth({
      provider: 'github',
      options: { redirectTo: REDIRECT, skipBrowserRedirect: true },
    });
    const browser = new Browser();
    const callback = await browser.signIn(
      data.url!,
      { email: uniqueEmail('state') },
      (u) => u.pathname === '/auth/v1/callback',
    );
    const state = callback.searchParams.get('state')!;
    const [header, payload, signature] = state.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    claims.referrer = 'https://evil.example/';
    callback.searchParams.set(
      'state',
      `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`,
    );
    const tampered = await browser.follow(callback.toString(), toOrigin(APP));
    expect(tampered.url.origin).toBe(APP);
    expect(tampered.url.searchParams.get('error')).toBe('invalid_request');
    expect(tampered.url.searchParams.get('error_code')).toBe('bad_oauth_state');
    const missing = await fetch(`${stack.url}/auth/v1/callback?code=abc`, { redirect: 'manual' });
    expect(missing.status).toBe(303);
    expect(new URL(missing.headers.get('location')!).searchParams.get('error_code')).toBe(
      'bad_oauth_callback',
    );
  });

  it('answers a provider that is not enabled or not known as Supabase Auth does', async () => {
    const off = await fetch(`${stack.url}/auth/v1/authorize?provider=gitlab`);
    expect(off.status).toBe(400);
    expect(await off.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
    });
    const unknown = await fetch(`${stack.url}/auth/v1/authorize?provider=nope`);
    expect(((await unknown.json()) as { msg: string }).msg).toBe(
      'Unsupported provider: Provider nope could not be found',
    );
  });

  describe('ID tokens (grant_type=id_token)', () => {
    /** An ID token from the Google test IdP for `clientId`, as a native app gets one. */
    async function googleIdToken(
      person: TestPerson,
      nonce: string | undefined,
      clientId = 'sheaf-local-google',
      secret = 'sheaf-test-idp-secret',
      redirectUri = `${stack.url}/auth/v1/callback`,
    ) {
      const authorize = new URL(`${idp('google')}/auth`);
      authorize.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state: 'app-state',
        ...(nonce ? { nonce: sha256hex(nonce) } : {}),
      }).toString();
      const back = await new Browser().signIn(authorize.toString(), person, (u) =>
        u.toString().startsWith(redirectUri),
      );
      const token = await fetch(`${idp('google')}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: back.searchParams.get('code')!,
          redirect_uri: redirectUri,
        }),
      });
      expect(token.status).toBe(200);
      return (await token.json()) as { id_token: string; access_token: string };
    }

    it('signs in with a good nonce and refuses a wrong one', async () => {
      const email = uniqueEmail('idtoken');
      const nonce = randomBytes(16).toString('hex');
      const tokens = await googleIdToken({ email, name: 'Native App' }, nonce);
      const wrong = await client(stack).auth.signInWithIdToken({
        provider: 'google',
        token: tokens.id_token,
        nonce: 'not-the-nonce',
      });
      expect(wrong.error?.message).toBe('Nonces mismatch');
      const none = await raw(stack, 'POST', '/token?grant_type=id_token', {
        body: { provider: 'google', id_token: tokens.id_token },
      });
      expect(none.body).toEqual({
        error: 'invalid request',
        error_description: 'Passed nonce and nonce in id_token should either both exist or not.',
      });
      const { data, error } = await client(stack).auth.signInWithIdToken({
        provider: 'google',
        token: tokens.id_token,
        access_token: tokens.access_token,
        nonce,
      });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({
        email,
        app_metadata: { provider: 'google' },
        user_metadata: { full_name: 'Native App' },
      });
      expect(data.user!.identities![0]!.provider).toBe('google');
    });

    it('links an ID token to the signed-in user with linkIdentity({ token })', async () => {
      const user = await passwordUser();
      const c = client(stack);
      await c.auth.signInWithPassword({ email: user.email!, password: 'secret-password' });
      const nonce = randomBytes(16).toString('hex');
      const tokens = await googleIdToken({ email: uniqueEmail('native-link') }, nonce);
      const { data, error } = await c.auth.linkIdentity({
        provider: 'google',
        token: tokens.id_token,
        nonce,
      });
      expect(error).toBeNull();
      expect(data.user!.id).toBe(user.id);
      expect(data.user!.identities!.map((i) => i.provider).sort()).toEqual(['email', 'google']);
      const notices = await inbox(stack, user.email!);
      expect(notices.map((m) => m.kind)).toContain('identity_linked_notification');
      const twice = await c.auth.linkIdentity({
        provider: 'google',
        token: tokens.id_token,
        nonce,
      });
      expect(twice.error?.code).toBe('identity_already_exists');
      expect(twice.error?.message).toBe('Identity is already linked');
    });

    it('refuses a forged signature, another audience, an expired token and GitHub', async () => {
      const tokens = await googleIdToken({ email: uniqueEmail('aud') }, undefined);
      const claims = decodeJwt(tokens.id_token);
      const { privateKey, publicKey } = await generateKeyPair('RS256');
      const forged = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: (await exportJWK(publicKey)).n!.slice(0, 8) })
        .sign(privateKey);
      const bad = await raw(stack, 'POST', '/token?grant_type=id_token', {
        body: { provider: 'google', id_token: forged },
      });
      expect(bad.body).toEqual({ error: 'invalid request', error_description: 'Bad ID token' });

      // Another app registered at the same provider: its ID tokens are not for this project.
      const registered = await fetch(`${idp('google')}/reg`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['http://localhost:9999/cb'] }),
      });
      expect(registered.status).toBe(201);
      const other = (await registered.json()) as { client_id: string; client_secret: string };
      const foreign = await googleIdToken(
        { email: uniqueEmail('foreign') },
        undefined,
        other.client_id,
        other.client_secret,
        'http://localhost:9999/cb',
      );
      const audience = await raw(stack, 'POST', '/token?grant_type=id_token', {
        body: { provider: 'google', id_token: foreign.id_token },
      });
      expect(audience.body).toEqual({
        error: 'invalid request',
        error_description: `Unacceptable audience in id_token: [${other.client_id}]`,
      });

      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3600 * 1000 });
      const expired = await raw(stack, 'POST', '/token?grant_type=id_token', {
        body: { provider: 'google', id_token: tokens.id_token },
      });
      vi.useRealTimers();
      expect(expired.body).toEqual({ error: 'invalid request', error_description: 'Bad ID token' });

      const github = await raw(stack, 'POST', '/token?grant_type=id_token', {
        body: { provider: 'github', id_token: tokens.id_token },
      });
      expect(github.body).toMatchObject({
        error_code: 'validation_failed',
        msg: 'Custom OIDC provider "github" not allowed',
      });
    });
  });
});
