// The fetch every request to the server goes through (auth, REST, Storage, Functions): it tells
// the reachability machine (reachability.ts) what happened — an answer, or a failure at the
// network level, a gateway error (502/503/504) or no answer in time — and gives up on a request
// whose answer has not begun within REQUEST_TIMEOUT_MS, so a server that hangs never holds a
// page forever. Uploads (a body of bytes) are not timed: a large file on a slow line takes as
// long as it takes. Once the answer's headers are in, its body is never cut short.
import { isGatewayStatus, reachability } from './reachability.ts';

export const REQUEST_TIMEOUT_MS = 20_000;

type Fetch = typeof fetch;

export interface Watcher {
  answered(): void;
  failed(): void;
}

function isUpload(body: RequestInit['body']): boolean {
  return (
    body instanceof Blob ||
    body instanceof FormData ||
    body instanceof ReadableStream ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

/** Wraps `send` (the browser's fetch by default) as described above. */
export function watchedFetch(
  send: Fetch = (input, init) => fetch(input, init),
  { timeoutMs = REQUEST_TIMEOUT_MS, watcher = reachability as Watcher } = {},
): Fetch {
  return async (input, init) => {
    const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const timed = !isUpload(init?.body);
    const controller = new AbortController();
    const timer = timed
      ? setTimeout(
          () =>
            controller.abort(
              new DOMException('The server took too long to answer.', 'TimeoutError'),
            ),
          timeoutMs,
        )
      : null;
    const signal = callerSignal
      ? AbortSignal.any([callerSignal, controller.signal])
      : controller.signal;
    try {
      const response = await send(input, { ...init, signal });
      if (isGatewayStatus(response.status)) watcher.failed();
      else watcher.answered();
      return response;
    } catch (error) {
      // The caller gave up (a query cancelled, a page left): that says nothing of the server.
      if (callerSignal?.aborted) throw error;
      watcher.failed();
      throw controller.signal.aborted ? controller.signal.reason : error;
    } finally {
      if (timer !== null) clearTimeout(timer);
    }
  };
}

/** Watches a response started elsewhere (index.html's early requests) the same way, and gives
 * up on it as watchedFetch does when it has not begun within the time. */
export function watchResponse(
  response: Promise<Response>,
  { timeoutMs = REQUEST_TIMEOUT_MS, watcher = reachability as Watcher } = {},
): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DOMException('The server took too long to answer.', 'TimeoutError')),
      timeoutMs,
    );
  });
  return Promise.race([response, late]).then(
    (answer) => {
      clearTimeout(timer);
      if (isGatewayStatus(answer.status)) watcher.failed();
      else watcher.answered();
      return answer;
    },
    (error: unknown) => {
      clearTimeout(timer);
      watcher.failed();
      throw error;
    },
  );
}
