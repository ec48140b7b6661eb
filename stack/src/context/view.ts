// What every gate and stage reads off a request, each read once per request and shared: the
// parsed URL, the headers as one record and the body's reader. Read from Node's raw headers and
// its request stream when the request came off a socket, so a request read only through its
// view never builds Web Headers, nor the whole Web Request and stream to read its body.
import type { Readable } from 'node:stream';

/** A request's body, chunk by chunk. */
export interface BodyReader {
  /** The next chunk; undefined once the body has ended. */
  read(): Promise<Uint8Array | undefined>;
  /** Stops reading: what the client has not sent is not read, and the connection closes. */
  cancel(): Promise<void>;
  /** Whether anything was read or cancelled yet (a body nobody started can still be drained). */
  readonly started: boolean;
}

export interface RequestView {
  request: Request;
  /** The request's URL, parsed once for every stage. */
  url(): URL;
  /**
   * The request's headers as one record, read once: names in lower case, a repeated header's
   * values joined by ", " (as Web Headers join them).
   */
  headerRecord(): Record<string, string>;
  /** The body's one reader (the same for every stage that asks); null for GET and HEAD. */
  body(): BodyReader | null;
}

/**
 * A record with no prototype: a client names its headers, and a header called `constructor` or
 * `__proto__` must be a header like any other, not an inherited property.
 */
function emptyRecord(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

/** The headers Node read off the wire, as a record (HTTP/2 pseudo-headers left out). */
function recordOf(raw: readonly string[]): Record<string, string> {
  const headers = emptyRecord();
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name.startsWith(':')) continue;
    const value = raw[i + 1]!;
    const seen = headers[name];
    headers[name] = seen === undefined ? value : `${seen}, ${value}`;
  }
  return headers;
}

/** Reads Node's request stream as it comes (its chunks are Buffers, so Uint8Arrays). */
function nodeReader(stream: Readable): BodyReader {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  let started = false;
  return {
    get started() {
      return started;
    },
    async read() {
      started = true;
      const next = await chunks.next();
      return next.done ? undefined : next.value;
    },
    async cancel() {
      started = true;
      // Node's request destroyed mid-body closes the connection still sending it.
      stream.destroy();
      await chunks.return?.();
    },
  };
}

/** Reads a Web Request's body (a request made in process: unit tests, app.request). */
function webReader(body: ReadableStream<Uint8Array>): BodyReader {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const open = () => (reader ??= body.getReader());
  return {
    get started() {
      return reader !== undefined || body.locked;
    },
    async read() {
      const { done, value } = await open().read();
      return done ? undefined : value;
    },
    cancel: () => open().cancel(),
  };
}

/**
 * A request's view. `rawHeaders` — Node's, when the request came off a socket — spares building
 * the Web Headers just to read them, and `stream` (Node's request) spares building the Web
 * Request and its ReadableStream just to read the body: neither is built if nothing but the
 * view is read.
 */
export function viewOf(
  request: Request,
  rawHeaders?: readonly string[],
  stream?: Readable,
): RequestView {
  let url: URL | undefined;
  let headers: Record<string, string> | undefined;
  let body: BodyReader | null | undefined;
  return {
    request,
    url: () => (url ??= new URL(request.url)),
    headerRecord() {
      if (headers) return headers;
      if (rawHeaders) return (headers = recordOf(rawHeaders));
      headers = emptyRecord();
      request.headers.forEach((value, name) => (headers![name] = value));
      return headers;
    },
    body() {
      if (body !== undefined) return body;
      if (request.method === 'GET' || request.method === 'HEAD') return (body = null);
      if (stream) return (body = nodeReader(stream));
      return (body = request.body ? webReader(request.body) : null);
    },
  };
}
