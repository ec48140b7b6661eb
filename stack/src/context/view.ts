// What every gate and stage reads off a request, each read once per request and shared: the
// parsed URL and the headers as one record. Read from Node's raw headers when the request came
// off a socket, so a request read only through its view never builds Web Headers.
export interface RequestView {
  request: Request;
  /** The request's URL, parsed once for every stage. */
  url(): URL;
  /**
   * The request's headers as one record, read once: names in lower case, a repeated header's
   * values joined by ", " (as Web Headers join them).
   */
  headerRecord(): Record<string, string>;
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

/**
 * A request's view. `rawHeaders` — Node's, when the request came off a socket — spares building
 * the Web Headers just to read them: a request read only through its view never builds them.
 */
export function viewOf(request: Request, rawHeaders?: readonly string[]): RequestView {
  let url: URL | undefined;
  let headers: Record<string, string> | undefined;
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
  };
}
