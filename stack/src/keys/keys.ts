// Every key the stack knows: the API keys callers present (the project's keys, or any JWT it
// signed), the signing keys for user tokens and verification of any JWT the stack accepts
// (HS256 with the JWT secret, or one of its own keys).
import path from 'node:path';
import {
  SignJWT,
  createLocalJWKSet,
  jwtVerify,
  errors,
  type JWTPayload,
  type JSONWebKeySet,
} from 'jose';
import type { Config } from '../config/config.ts';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, deriveLegacyKeys } from './legacy.ts';
import { loadSigningKeys, type SigningKey } from './signing-keys.ts';

export type ApiKeyRole = 'anon' | 'service_role';
export type ApiKeyKind = 'legacy' | 'publishable' | 'secret';

/**
 * An API key: one of the project's keys, or any JWT the project signed (with its JWT secret or
 * one of its signing keys), whose `role` claim is its role — as the services behind the CLI's
 * gateway accept them.
 */
export type ApiKey = { role: ApiKeyRole; kind: ApiKeyKind } | { role: string; kind: 'jwt' };

/**
 * Why a JWT does not verify: not a JWT at all (malformed), past its exp (expired), a signature
 * that does not verify or a kid none of the keys has (bad-signature), or any other check (invalid:
 * an algorithm not allowed, nbf in the future, claims that are not JSON).
 */
export type JwtFailure = 'expired' | 'bad-signature' | 'invalid' | 'malformed';

export class JwtError extends Error {
  constructor(
    readonly reason: JwtFailure,
    message: string,
  ) {
    super(message);
    this.name = 'JwtError';
  }
}

export interface Keys {
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  jwks: JSONWebKeySet;
  /** Which of the project's keys this is (exact match), or undefined. */
  identifyApiKey(value: string): ApiKey | undefined;
  /**
   * The API key a request presents: one of the project's keys, or a JWT the project signed that
   * has not expired (its role claim, anon without one); undefined for anything else. A project
   * key is answered at once; a JWT standing as a key once it is verified.
   */
  resolveApiKey(value: string): ApiKey | undefined | Promise<ApiKey | undefined>;
  /** Signs user access-token claims with the current asymmetric key (header carries kid). */
  signAccessToken(claims: JWTPayload): Promise<string>;
  /**
   * Verifies a JWT signed with the JWT secret or one of the signing keys: its claims, or a
   * JwtError; at once when they are already known (jwt-cache.ts).
   */
  verify(token: string): JWTPayload | Promise<JWTPayload>;
}

export function signingKeysFile(config: Config): string {
  return path.resolve(config.workdir, config.auth.signingKeysPath ?? './signing_keys.json');
}

export async function loadKeys(config: Config): Promise<Keys> {
  const { anonKey, serviceRoleKey } = deriveLegacyKeys(config.auth.jwtSecret);
  const signing: SigningKey[] = await loadSigningKeys(signingKeysFile(config));
  const jwks: JSONWebKeySet = { keys: signing.map((k) => k.publicJwk) };
  const localSet = createLocalJWKSet(jwks);
  // Imported once: given the raw bytes, jose imports the HMAC key again on every verification.
  const secret = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(config.auth.jwtSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const current = signing[0]!;
  const byValue = new Map<string, ApiKey>([
    [anonKey, { role: 'anon', kind: 'legacy' }],
    [serviceRoleKey, { role: 'service_role', kind: 'legacy' }],
    [LOCAL_PUBLISHABLE_KEY, { role: 'anon', kind: 'publishable' }],
    [LOCAL_SECRET_KEY, { role: 'service_role', kind: 'secret' }],
  ]);

  /** Any unexpired JWT the project signed stands as a key of its role claim. */
  const jwtAsKey = async (value: string): Promise<ApiKey | undefined> => {
    try {
      const { role } = await keys.verify(value);
      return { role: typeof role === 'string' && role ? role : 'anon', kind: 'jwt' };
    } catch (error) {
      if (error instanceof JwtError) return undefined;
      throw error;
    }
  };
  const keys: Keys = {
    anonKey,
    serviceRoleKey,
    publishableKey: LOCAL_PUBLISHABLE_KEY,
    secretKey: LOCAL_SECRET_KEY,
    jwks,
    identifyApiKey: (value) => byValue.get(value),
    resolveApiKey(value) {
      const exact = byValue.get(value);
      if (exact || value.split('.').length !== 3) return exact;
      return jwtAsKey(value);
    },
    signAccessToken: (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: current.alg, kid: current.kid, typ: 'JWT' })
        .sign(current.privateKey),
    async verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3)
        throw new JwtError(
          'malformed',
          'token is malformed: token contains an invalid number of segments',
        );
      let alg: unknown;
      let kid: unknown;
      try {
        ({ alg, kid } = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')));
      } catch {
        throw new JwtError('malformed', 'token is malformed: could not base64 decode header');
      }
      try {
        const { payload } =
          alg === 'HS256'
            ? await jwtVerify(token, secret, { algorithms: ['HS256'] })
            : await jwtVerify(token, localSet, { algorithms: ['ES256', 'RS256'] });
        return payload;
      } catch (error) {
        if (error instanceof errors.JWTExpired)
          throw new JwtError('expired', 'token has invalid claims: token is expired');
        if (error instanceof errors.JWSSignatureVerificationFailed)
          throw new JwtError('bad-signature', 'signature is invalid');
        // Supabase Auth's words (golang-jwt's around its keyfunc's) for a kid it has no key for.
        if (error instanceof errors.JWKSNoMatchingKey)
          throw new JwtError(
            'bad-signature',
            `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${kid} for algorithm ${alg}`,
          );
        throw new JwtError('invalid', `invalid JWT: ${(error as Error).message}`);
      }
    },
  };
  return keys;
}
