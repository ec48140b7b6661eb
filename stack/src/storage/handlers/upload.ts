// Upload endpoints: POST (create; `x-upsert: true` replaces), PUT (replace or create), and PUT
// through a signed upload URL (the token carries the owner and whether it may replace). The
// body is streamed, never held whole (see write-object.ts).
import { z } from 'zod';
import type { RequestView } from '../../context/view.ts';
import type { StorageDeps } from '../deps.ts';
import { endpoint, signedEndpoint } from '../http/endpoint.ts';
import { input, objectPath, upsertHeader, type ParamsOf } from '../http/params.ts';
import { ownerOf } from '../owner.ts';
import type { Caller } from '../store/store.ts';
import { uploadObject } from '../write-object.ts';

const uploadParams = input(
  { params: objectPath, headers: upsertHeader },
  ({ params, headers }) => ({ ...params, upsert: headers['x-upsert'] }),
);

/** Writes the object as the caller, who owns it. */
async function upload(
  deps: StorageDeps,
  incoming: RequestView,
  { bucket, key, upsert }: ParamsOf<typeof uploadParams>,
  caller: Caller,
): Promise<Response> {
  const target = { bucket, key, caller, owner: ownerOf(caller), upsert };
  const { id } = await uploadObject(deps, target, incoming);
  return Response.json({ Id: id, Key: `${bucket}/${key}` });
}

/** POST: creates the object, or replaces it with `x-upsert: true`. */
export const createObject = endpoint(uploadParams, (deps, call) =>
  upload(deps, call, call.params, call.access.caller),
);

/** PUT: replaces the object (or creates it), as storage-js `update()` expects. */
export const updateObject = endpoint(uploadParams, (deps, call) =>
  upload(deps, call, { ...call.params, upsert: true }, call.access.caller),
);

const signedUploadParams = input(
  { params: objectPath, querystring: z.object({ token: z.string() }) },
  ({ params, querystring }) => ({ ...params, token: querystring.token }),
);

/** PUT through a signed upload URL: written as the service role, owned by the signer. */
export const uploadSigned = signedEndpoint(signedUploadParams, async (deps, call) => {
  const {
    params: { bucket, key },
    access: { caller, token },
  } = call;
  const target = { bucket, key, caller, owner: token.owner, upsert: !!token.upsert };
  await uploadObject(deps, target, call);
  return Response.json({ Key: `${bucket}/${key}` });
});
