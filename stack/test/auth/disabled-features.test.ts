// What a project has turned off (no [auth.external.*] provider, so no OAuth or ID tokens; manual
// linking off; Web3 and SSO, which the stack does not run) answers as Supabase Auth answers such a
// project, not with a missing route. With providers on: oauth.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { client, raw, uniqueEmail } from './helpers.ts';

describe.each(DRIVERS)('features the stack does not run, on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver });
  });
  afterAll(() => stack?.close());

  it('answers an OAuth sign-in with the provider not enabled', async () => {
    const res = await fetch(`${stack.url}/auth/v1/authorize?provider=github`);
    expect(await res.json()).toMatchObject({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
    });
    const unknown = await fetch(`${stack.url}/auth/v1/authorize?provider=nope`);
    expect(((await unknown.json()) as { msg: string }).msg).toBe(
      'Unsupported provider: Provider nope could not be found',
    );
  });

  it('answers ID token and Web3 sign-ins with the provider disabled', async () => {
    const idToken = await client(stack).auth.signInWithIdToken({
      provider: 'google',
      token: 'an-id-token',
    });
    expect(idToken.error?.code).toBe('provider_disabled');
    expect(idToken.error?.message).toBe(
      'Provider (issuer "https://accounts.google.com") is not enabled',
    );
    const missing = await raw(stack, 'POST', '/token?grant_type=id_token', { body: {} });
    expect(missing.body).toEqual({
      error: 'invalid request',
      error_description: 'id_token required',
    });
    const web3 = await raw(stack, 'POST', '/token?grant_type=web3', {
      body: { chain: 'solana', message: 'm', signature: 's' },
    });
    expect(web3.body).toMatchObject({ code: 422, error_code: 'web3_provider_disabled' });
  });

  it('answers SSO with SAML disabled and identity linking with manual linking disabled', async () => {
    const sso = await client(stack).auth.signInWithSSO({ domain: 'example.com' });
    expect(sso.error?.code).toBe('saml_provider_disabled');
    expect(sso.error?.status).toBe(404);
    const { data } = await client(stack).auth.signUp({
      email: uniqueEmail('link'),
      password: 'secret-password',
    });
    const bearer = data.session!.access_token;
    const link = await raw(stack, 'GET', '/user/identities/authorize?provider=github', { bearer });
    expect(link.body).toMatchObject({ code: 404, error_code: 'manual_linking_disabled' });
    const unlink = await raw(stack, 'DELETE', `/user/identities/${data.user!.id}`, { bearer });
    expect(unlink.body.error_code).toBe('manual_linking_disabled');
  });

  it('answers passkeys and WebAuthn factors as turned off ([auth.passkey], [auth.mfa.web_authn])', async () => {
    const options = await raw(stack, 'POST', '/passkeys/authentication/options', { body: {} });
    expect(options.status).toBe(404);
    expect(options.body).toMatchObject({
      error_code: 'passkey_disabled',
      msg: 'Passkeys are disabled',
    });
    const { data } = await client(stack).auth.signUp({
      email: uniqueEmail('webauthn'),
      password: 'secret-password',
    });
    const bearer = data.session!.access_token;
    expect((await raw(stack, 'GET', '/passkeys', { bearer })).body.error_code).toBe(
      'passkey_disabled',
    );
    const enroll = await raw(stack, 'POST', '/factors', {
      bearer,
      body: { factor_type: 'webauthn' },
    });
    expect(enroll.body).toMatchObject({
      code: 422,
      error_code: 'mfa_webauthn_enroll_not_enabled',
      msg: 'MFA enroll is disabled for WebAuthn',
    });
  });
});
