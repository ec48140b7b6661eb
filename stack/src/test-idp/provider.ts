// One test identity provider: a real OpenID Connect provider (oidc-provider) for one
// [auth.external.<provider>] without a `url`, at <api_url>/auth/v1/test-idp/<provider>. It
// registers the stack's client (config.toml's client_id and secret, or the local defaults),
// signs ID tokens with an RS256 key made at start, and asks who the test person is on its own
// sign-in page. The same email is always the same person (the same `sub`).
import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import type { Configuration, default as Provider } from 'oidc-provider';
import type { ResolvedProvider } from '../config/external.ts';
import { memoryAdapter } from './adapter.ts';
import { errorPage } from './page.ts';

export interface TestPerson {
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface TestIdp {
  provider: Provider;
  /** The path the sign-in form of an interaction lives at (under the issuer's path). */
  interactionPath: string;
  remember(person: TestPerson): string;
}

/** The `sub` of a test person: stable for an email, like an account id at a real provider. */
export const subjectOf = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 20);

export async function createTestIdp(resolved: ResolvedProvider): Promise<TestIdp> {
  // Loaded here, with the first sign-in through a test provider, never at start.
  const { default: Provider, interactionPolicy } = await import('oidc-provider');
  const people = new Map<string, TestPerson>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = {
    ...(await exportJWK(privateKey)),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };
  const interactionPath = `${new URL(resolved.issuer).pathname}/interaction`;

  // A fresh sign-in every time: the developer picks the test person on each "Continue with …".
  const policy = interactionPolicy.base();
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check(
        'test_person',
        'the test person is asked for every time',
        (ctx) => (ctx.oidc.result?.login ? false : true),
      ),
    );

  const configuration: Configuration = {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: resolved.clientId,
        client_secret: resolved.secret,
        redirect_uris: [resolved.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    // The claims of the granted scopes go into the ID token too, as Google's do.
    conformIdTokenClaims: false,
    // Another app registered at the same provider (an ID token for someone else's audience).
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${interactionPath}/${interaction.uid}`,
    },
    async findAccount(_ctx, id) {
      const person = people.get(id);
      if (!person) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: person.email,
          email_verified: person.emailVerified,
          name: person.name || undefined,
          preferred_username: person.email.split('@')[0],
        }),
      };
    },
    // Every scope the stack asks for is granted: the developer is the consent.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile offline_access');
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error), String(out.error_description ?? ''));
    },
    clientBasedCORS: () => true,
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
      RefreshToken: 86400,
      ClientCredentials: 600,
    },
  };
  const provider = new Provider(resolved.issuer, configuration);
  return {
    provider,
    interactionPath,
    remember(person) {
      const id = subjectOf(person.email);
      people.set(id, person);
      return id;
    },
  };
}
