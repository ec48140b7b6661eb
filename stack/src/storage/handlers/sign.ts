// Signing URLs. A download URL needs the caller to see the object (one, or many at once: the
// ones it cannot see are reported, not refused); an upload URL needs the caller's policies to
// allow the write. Using a URL then needs only its token (see the signed guards).
import { z } from 'zod';
import { errors } from '../errors.ts';
import { endpoint } from '../http/endpoint.ts';
import { bucketPath, input, objectPath, rule, upsertHeader } from '../http/params.ts';
import { ownerOf } from '../owner.ts';
import { tokenTransformations, transformOptions } from '../image-transform.ts';
import { signToken } from '../signed-token.ts';
import { probeWrite } from '../write-object.ts';
import { findObjectOrFail } from './read.ts';

/** How long a signed upload URL lives (Supabase Storage's default: two hours). */
const UPLOAD_URL_EXPIRY_SECONDS = 7200;

const expiresIn = z
  .unknown()
  .optional()
  .transform(
    rule((value) => {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 1)
        throw errors.invalidParameter(
          'expiresIn',
          'expiresIn must be a positive number of seconds',
        );
      return Math.floor(value);
    }),
  );

const signDownloadParams = input(
  { params: objectPath, body: z.object({ expiresIn, transform: transformOptions.optional() }) },
  ({ params, body }) => ({
    ...params,
    expiresIn: body.expiresIn,
    transformations: tokenTransformations(body.transform ?? {}),
  }),
);

export const signDownload = endpoint(signDownloadParams, async (deps, { params, access }) => {
  const { bucket, key, expiresIn, transformations } = params;
  await findObjectOrFail(deps, access.caller, bucket, key);
  const url = `${bucket}/${key}`;
  // With transformations, the URL renders the image (as Supabase Storage signs it).
  const claims = transformations
    ? { url, scope: 'download' as const, transformations }
    : { url, scope: 'download' as const };
  const token = await signToken(deps.urlSigningSecret, claims, expiresIn);
  const path = transformations ? 'render/image/sign' : 'object/sign';
  return Response.json({ signedURL: `/${path}/${url}?token=${token}` });
});

const PATHS_REQUIRED = "body must have required property 'paths'";

const signDownloadsParams = input(
  {
    params: bucketPath,
    body: z.object({ paths: z.array(z.string(), { error: PATHS_REQUIRED }), expiresIn }),
  },
  ({ params, body }) => ({ bucket: params.bucket, ...body }),
);

export const signDownloads = endpoint(signDownloadsParams, async (deps, { params, access }) => {
  const { bucket, paths, expiresIn } = params;
  const visible = await deps.store.findVisibleNames(access.caller, bucket, paths);
  const signed = await Promise.all(
    paths.map(async (path) => {
      if (!visible.has(path))
        return {
          error: 'Either the object does not exist or you do not have access to it',
          path,
          signedURL: null,
        };
      const url = `${bucket}/${path}`;
      const token = await signToken(deps.urlSigningSecret, { url, scope: 'download' }, expiresIn);
      return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
    }),
  );
  return Response.json(signed);
});

const signUploadParams = input(
  { params: objectPath, headers: upsertHeader },
  ({ params, headers }) => ({ ...params, upsert: headers['x-upsert'] }),
);

export const signUpload = endpoint(signUploadParams, async (deps, { params, access }) => {
  const { bucket, key, upsert } = params;
  const { caller } = access;
  const owner = ownerOf(caller);
  const target = { bucket, key, caller, owner, upsert };
  await deps.store.mustBeAllowedToWrite(
    caller,
    probeWrite(target, 'application/octet-stream', null),
  );
  const url = `${bucket}/${key}`;
  const token = await signToken(
    deps.urlSigningSecret,
    { owner, url, upsert, scope: 'upload' },
    UPLOAD_URL_EXPIRY_SECONDS,
  );
  return Response.json({ url: `/object/upload/sign/${url}?token=${token}`, token });
});
