// Upload endpoints: POST (create; `x-upsert: true` replaces), PUT (replace or create), and PUT
// through a signed upload URL (the token carries the owner and whether it may replace). The
// body is streamed, never held whole (see write-object.ts).
import { z } from 'zod';
import type { CallerAccess, SignedAccess } from '../http/guards.ts';
import { input, objectPath, upsertHeader, type ParamsOf } from '../http/params.ts';
import type { Handler } from '../http/route.ts';
import { ownerOf } from '../owner.ts';
import { uploadObject } from '../write-object.ts';

export const uploadParams = input(
  { params: objectPath, headers: upsertHeader },
  ({ params, headers }) => ({ ...params, upsert: headers['x-upsert'] }),
);

type UploadParams = ParamsOf<typeof uploadParams>;

/** POST: creates the object, or replaces it with `x-upsert: true`. */
export const createObject: Handler<UploadParams, CallerAccess> = async (
  request,
  { bucket, key, upsert },
  { caller },
  deps,
) => {
  const target = { bucket, key, caller, owner: ownerOf(caller), upsert };
  const { id } = await uploadObject(deps, target, request);
  return Response.json({ Id: id, Key: `${bucket}/${key}` });
};

/** PUT: replaces the object (or creates it), as storage-js `update()` expects. */
export const updateObject: Handler<UploadParams, CallerAccess> = (request, params, access, deps) =>
  createObject(request, { ...params, upsert: true }, access, deps);

export const signedUploadParams = input(
  { params: objectPath, querystring: z.object({ token: z.string() }) },
  ({ params, querystring }) => ({ ...params, token: querystring.token }),
);

/** PUT through a signed upload URL: written as the service role, owned by the signer. */
export const uploadSigned: Handler<ParamsOf<typeof signedUploadParams>, SignedAccess> = async (
  request,
  { bucket, key },
  { caller, token },
  deps,
) => {
  const target = { bucket, key, caller, owner: token.owner, upsert: !!token.upsert };
  await uploadObject(deps, target, request);
  return Response.json({ Key: `${bucket}/${key}` });
};
