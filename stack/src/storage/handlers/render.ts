// Image transformation endpoints (/render/image/…): the object is read as for a download (as the
// caller, from a public bucket, or through a signed URL whose token carries the
// transformations), then resized and re-encoded (see image-transform.ts).
import { z } from 'zod';
import { endpoint, signedEndpoint } from '../http/endpoint.ts';
import { input, objectPath } from '../http/params.ts';
import { parseTokenTransformations, transformOptions } from '../image-transform.ts';
import { serveTransformed } from '../serve-object.ts';
import { findObjectOrFail } from './read.ts';

const renderParams = input(
  { params: objectPath, querystring: transformOptions.extend({ download: z.string().optional() }) },
  ({ params, querystring: { download, ...transform } }) => ({ ...params, download, transform }),
);

/** As the caller (public buckets: past RLS, see the publicBucket guard). */
export const renderImage = endpoint(renderParams, async (deps, call) => {
  const { bucket, key, download, transform } = call.params;
  const row = await findObjectOrFail(deps, call.access.caller, bucket, key);
  return serveTransformed(deps, call, row, transform, { download });
});

const signedRenderParams = input(
  {
    params: objectPath,
    querystring: z.object({ token: z.string(), download: z.string().optional() }),
  },
  ({ params, querystring }) => ({ ...params, ...querystring }),
);

/** Through a signed URL: the transformations are the token's, not the query's. */
export const renderSigned = signedEndpoint(signedRenderParams, async (deps, call) => {
  const {
    params: { bucket, key, download },
    access: { caller, token },
  } = call;
  const row = await findObjectOrFail(deps, caller, bucket, key);
  const transform = parseTokenTransformations(token.transformations ?? '');
  return serveTransformed(deps, call, row, transform, {
    download,
    expires: new Date((token.exp ?? 0) * 1000),
  });
});
