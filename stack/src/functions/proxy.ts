// Forwards one request to a worker's unix socket and streams the answer back: method, path and
// query, headers, request body and response body all pass through as streams. The wall-clock
// limit runs from the start of the request: before the response starts it becomes a 504, after
// that the body is cut. Either way the worker is stopped (onLimit).
import http from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { functionErrors } from './errors.ts';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

export interface ProxyTarget {
  socketPath: string;
  /** Path and query as the function sees them: /<name>/sub/path?x=1 */
  path: string;
  limitMs: number;
  /** Called when the limit is reached; stops the worker. */
  onLimit(): void;
}

function requestHeaders(request: Request): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  request.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  });
  return headers;
}

function responseHeaders(res: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    const name = res.rawHeaders[i]!;
    if (!HOP_BY_HOP.has(name.toLowerCase())) headers.append(name, res.rawHeaders[i + 1]!);
  }
  return headers;
}

export function forward(request: Request, target: ProxyTarget): Promise<Response> {
  return new Promise((resolve) => {
    let settled = false;
    const answer = (response: Response) => {
      if (!settled) {
        settled = true;
        resolve(response);
      }
    };
    const upstream = http.request({
      socketPath: target.socketPath,
      method: request.method,
      path: target.path,
      headers: requestHeaders(request),
    });
    const timer = setTimeout(() => {
      upstream.destroy();
      target.onLimit();
      answer(functionErrors.timeout());
    }, target.limitMs);
    timer.unref();
    const onClientAbort = () => upstream.destroy();
    request.signal.addEventListener('abort', onClientAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onClientAbort);
    };

    upstream.on('response', (res) => {
      res.once('close', done);
      const noBody = request.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
      if (noBody) res.resume();
      answer(
        // Node's stream/web ReadableStream and the DOM lib's are one class with two declarations.
        new Response(noBody ? null : (Readable.toWeb(res) as unknown as ReadableStream), {
          status: res.statusCode ?? 502,
          statusText: res.statusMessage,
          headers: responseHeaders(res),
        }),
      );
    });
    upstream.on('error', () => {
      done();
      // The worker died mid-request (or the client went away, and nobody reads the answer).
      answer(functionErrors.workerError());
    });

    if (request.body && request.method !== 'GET' && request.method !== 'HEAD') {
      // The same class again, declared by the DOM lib and by Node's stream/web.
      const body = Readable.fromWeb(request.body as unknown as NodeReadableStream);
      body.on('error', () => upstream.destroy());
      body.pipe(upstream);
    } else {
      upstream.end();
    }
  });
}
