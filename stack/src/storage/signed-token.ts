// Signed URL tokens: HS256 JWTs signed with the project's JWT secret carrying
// {url: "<bucket>/<key>", scope: "download" | "upload"} (upload tokens also owner and upsert),
// as Supabase Storage issues and checks them.
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { errors } from './errors.ts';

export interface SignedToken extends JWTPayload {
  url: string;
  scope: 'download' | 'upload';
  owner?: string;
  upsert?: boolean;
  /** Download tokens for a transformed image: `height:200,width:200,…` (see image-transform.ts). */
  transformations?: string;
}

export async function signToken(
  secret: Uint8Array,
  claims: Omit<SignedToken, 'iat' | 'exp'>,
  expiresIn: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(secret);
}

/** Verifies a token for this object and scope; errors as Supabase Storage's. */
export async function verifyToken(
  secret: Uint8Array,
  token: string,
  bucket: string,
  key: string,
  scope: 'download' | 'upload',
): Promise<SignedToken> {
  let payload: SignedToken;
  try {
    payload = (await jwtVerify<SignedToken>(token, secret, { algorithms: ['HS256'] })).payload;
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
