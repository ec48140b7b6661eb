// Asymmetric signing keys for user access tokens. Stored as a JSON array of private JWKs at the
// path [auth] signing_keys_path names (the format `supabase gen signing-key` writes), created
// with one ES256 key on first start when the file does not exist.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

export interface SigningKey {
  kid: string;
  alg: 'ES256' | 'RS256';
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function generateSigningKeyJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return {
    ...jwk,
    kid: randomUUID(),
    use: 'sig',
    key_ops: ['sign', 'verify'],
    alg: 'ES256',
    ext: true,
  };
}

/** Reads the key file, creating it with a fresh ES256 key when missing. */
export async function loadSigningKeys(file: string): Promise<SigningKey[]> {
  let jwks: JWK[];
  try {
    jwks = JSON.parse(await readFile(file, 'utf8')) as JWK[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(
        `signing keys file ${file} is not a JSON array of JWKs: ${(error as Error).message}`,
      );
    }
    jwks = [await generateSigningKeyJwk()];
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(jwks, null, 2) + '\n', { mode: 0o600 });
  }
  if (!Array.isArray(jwks) || jwks.length === 0)
    throw new Error(`signing keys file ${file} holds no keys`);
  return Promise.all(
    jwks.map(async (jwk, i) => {
      const alg = jwk.alg === 'RS256' ? 'RS256' : 'ES256';
      if (!jwk.d) throw new Error(`signing keys file ${file}: key ${i} has no private part`);
      const kid = jwk.kid ?? `key-${i}`;
      // WebCrypto refuses 'verify' on a private key: import it for signing only.
      const privateKey = (await importJWK({ ...jwk, key_ops: ['sign'] }, alg)) as CryptoKey;
      const {
        d: _d,
        p: _p,
        q: _q,
        dp: _dp,
        dq: _dq,
        qi: _qi,
        key_ops: _ops,
        ext: _ext,
        ...pub
      } = jwk;
      return {
        kid,
        alg,
        privateKey,
        publicJwk: { ...pub, kid, alg, use: 'sig', key_ops: ['verify'], ext: true },
      };
    }),
  );
}
