// Reading objects: download (as the caller, from a public bucket, or through a signed URL), HEAD
// and info. The row is read as the caller (so RLS hides what the caller may not see: "Object not
// found"), then the bytes of that row's version are served.
import { z } from 'zod';
import type { StorageDeps } from '../deps.ts';
import { errors } from '../errors.ts';
import { endpoint, signedEndpoint } from '../http/endpoint.ts';
import { downloadQuery, input, objectPath } from '../http/params.ts';
import { infoBody, serveObject } from '../serve-object.ts';
import type { Caller, ObjectRow } from '../store/store.ts';

/** The object's row as the caller sees it; NoSuchKey when it cannot. */
export async function findObjectOrFail(
  deps: StorageDeps,
  caller: Caller,
  bucket: string,
  key: string,
): Promise<ObjectRow> {
  const row = await deps.store.findObject(caller, bucket, key);
  if (!row) throw errors.noSuchKey();
  return row;
}

const downloadParams = input(
  { params: objectPath, querystring: downloadQuery },
  ({ params, querystring }) => ({ ...params, download: querystring.download }),
);

/** Download or HEAD as the caller (public buckets: past RLS, see the publicBucket guard). */
export const download = endpoint(downloadParams, async (deps, call) => {
  const { bucket, key, download } = call.params;
  const load = () => findObjectOrFail(deps, call.access.caller, bucket, key);
  return serveObject(deps, call, await load(), { download, refetch: load });
});

const signedDownloadParams = input(
  { params: objectPath, querystring: downloadQuery.extend({ token: z.string() }) },
  ({ params, querystring }) => ({ ...params, ...querystring }),
);

/** Download through a signed URL: an Expires header until the token's expiry. */
export const downloadSigned = signedEndpoint(signedDownloadParams, async (deps, call) => {
  const {
    params: { bucket, key, download },
    access: { caller, token },
  } = call;
  const load = () => findObjectOrFail(deps, caller, bucket, key);
  return serveObject(deps, call, await load(), {
    download,
    expires: new Date((token.exp ?? 0) * 1000),
    refetch: load,
  });
});

const infoParams = input({ params: objectPath }, ({ params }) => params);

/** The object's details (storage-js `info()` and `exists()`). */
export const info = endpoint(infoParams, async (deps, { params: { bucket, key }, access }) =>
  Response.json(infoBody(await findObjectOrFail(deps, access.caller, bucket, key))),
);
