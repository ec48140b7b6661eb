// Signed URLs: tokens are HS256 JWTs signed with the project's JWT secret carrying
// {url: "<bucket>/<key>", scope: "download" | "upload"} (upload tokens also owner and upsert),
// as Supabase Storage issues them. Creating one needs the caller to see (download) or be allowed
// to write (upload) the object; using one needs only the token.
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Caller } from '../db/as-caller.ts';
import { ownerOf, runAs, testPermission, type StorageDeps } from './access.ts';
import { findObject } from './download.ts';
import { errors } from './errors.ts';
import { writeRow } from './upload.ts';

/** How long a signed upload URL lives (Supabase Storage's default: two hours). */
export const UPLOAD_URL_EXPIRY_SECONDS = 7200;

export interface SignedToken extends JWTPayload {
  url: string;
  scope: 'download' | 'upload';
  owner?: string;
  upsert?: boolean;
}

export function checkExpiresIn(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1)
    throw errors.invalidParameter('expiresIn', 'expiresIn must be a positive number of seconds');
  return Math.floor(value);
}

async function sign(deps: StorageDeps, claims: Record<string, unknown>, expiresIn: number) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(deps.urlSigningSecret);
}

export async function signDownloadUrl(
  deps: StorageDeps,
  caller: Caller,
  bucket: string,
  key: string,
  expiresIn: number,
): Promise<{ signedURL: string }> {
  await findObject(deps, caller, bucket, key);
  const url = `${bucket}/${key}`;
  const token = await sign(deps, { url, scope: 'download' }, expiresIn);
  return { signedURL: `/object/sign/${url}?token=${token}` };
}

export async function signDownloadUrls(
  deps: StorageDeps,
  caller: Caller,
  bucket: string,
  paths: string[],
  expiresIn: number,
): Promise<{ error: string | null; path: string; signedURL: string | null }[]> {
  const { rows } = await runAs(deps.db, caller, (tx) =>
    tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucket, paths],
    ),
  );
  const visible = new Set(rows.map((r) => r.name));
  return Promise.all(
    paths.map(async (path) => {
      if (!visible.has(path))
        return {
          error: 'Either the object does not exist or you do not have access to it',
          path,
          signedURL: null,
        };
      const url = `${bucket}/${path}`;
      const token = await sign(deps, { url, scope: 'download' }, expiresIn);
      return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
    }),
  );
}

export async function signUploadUrl(
  deps: StorageDeps,
  caller: Caller,
  bucket: string,
  key: string,
  upsert: boolean,
): Promise<{ url: string; token: string }> {
  const owner = ownerOf(caller);
  const probe = { eTag: '', size: 0, mimetype: 'application/octet-stream', contentLength: 0 };
  await testPermission(deps.db, caller, (tx) =>
    writeRow(
      tx,
      { bucket, key, caller, owner, upsert },
      crypto.randomUUID(),
      crypto.randomUUID(),
      probe,
      null,
    ),
  );
  const url = `${bucket}/${key}`;
  const token = await sign(
    deps,
    { owner, url, upsert, scope: 'upload' },
    UPLOAD_URL_EXPIRY_SECONDS,
  );
  return { url: `/object/upload/sign/${url}?token=${token}`, token };
}

/** Verifies a signed-URL token for this object and scope; errors as Supabase Storage's. */
export async function verifyToken(
  deps: StorageDeps,
  token: string | undefined,
  bucket: string,
  key: string,
  scope: 'download' | 'upload',
): Promise<SignedToken> {
  if (!token) throw errors.invalidRequest("querystring must have required property 'token'");
  let payload: SignedToken;
  try {
    payload = (await jwtVerify(token, deps.urlSigningSecret, { algorithms: ['HS256'] }))
      .payload as SignedToken;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw errors.invalidJwt('jwt expired');
    if (error instanceof joseErrors.JWSSignatureVerificationFailed)
      throw errors.invalidJwt('invalid signature');
    throw errors.invalidJwt('jwt malformed');
  }
  const scoped =
    scope === 'upload'
      ? payload.scope === 'upload'
      : payload.scope === 'download' ||
        (payload.scope === undefined && payload.upsert === undefined);
  if (!scoped) throw errors.invalidSignature(`Token is not scoped for ${scope}`);
  if (payload.url !== `${bucket}/${key}`) throw errors.invalidSignature();
  if (typeof payload.exp === 'number' && payload.exp * 1000 < Date.now())
    throw errors.expiredSignature();
  return payload;
}
