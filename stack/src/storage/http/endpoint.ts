// A Storage endpoint in the stack's one route shape (context/route.ts): its input stage reads
// the request's parts (path segments from the raw URL by the route's pattern, query, headers,
// JSON body — http/input.ts) and validates them with the route's params spec (http/params.ts)
// into the handler's typed params; the first problem is the StorageError that answers the
// request. The handler gets the Web Request, the params and what the guard resolved; a
// StorageError it throws is answered by the service (service.ts).
import { failingAs, type Endpoint, type Handler } from '../../context/route.ts';
import type { StorageDeps } from '../deps.ts';
import { StorageError } from '../errors.ts';
import type { CallerAccess, SignedAccess } from './guards.ts';
import { readInput } from './input.ts';
import { parseParams, type ParamsSpec } from './params.ts';

export type StorageEndpoint<P, A> = Endpoint<StorageDeps, unknown, P, A, StorageError>;

function build<P, A>(
  spec: ParamsSpec<P>,
  handle: Handler<StorageDeps, P, A>,
): StorageEndpoint<P, A> {
  return {
    input: (_deps, incoming, _path, pattern) =>
      failingAs(StorageError, async () =>
        parseParams(spec.schema, await readInput(incoming, pattern, spec.json)),
      ),
    handle,
  };
}

/** An endpoint acting as the caller (`caller` or `publicBucket` guard). */
export const endpoint: <P>(
  spec: ParamsSpec<P>,
  handle: Handler<StorageDeps, P, CallerAccess>,
) => StorageEndpoint<P, CallerAccess> = build;

/** An endpoint reached through a signed URL (`signedDownload` / `signedUpload` guard). */
export const signedEndpoint: <P>(
  spec: ParamsSpec<P>,
  handle: Handler<StorageDeps, P, SignedAccess>,
) => StorageEndpoint<P, SignedAccess> = build;
