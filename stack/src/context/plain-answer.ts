// An answer whose parts are known: a body already in memory (text or bytes, or none), a status
// and its headers as a plain record. A service that answers so (REST, Storage's small reads)
// lets the gateway add its own headers (CORS) by making the answer again with them, instead of
// setting them on Node's response, which makes Node take every header of the answer through its
// slower path. The answer is a Web Response like any other; its parts are remembered beside it.

/** A body the answer holds in memory. */
export type PlainBody = string | Uint8Array | null;

interface Parts {
  body: PlainBody;
  status: number;
  headers: Record<string, string>;
}

const partsOf = new WeakMap<Response, Parts>();

/** A Web Response of these parts, remembered as a plain answer. */
export function plainResponse(
  body: PlainBody,
  status: number,
  headers: Record<string, string>,
): Response {
  const response = new Response(body as BodyInit | null, { status, headers });
  partsOf.set(response, { body, status, headers });
  return response;
}

/**
 * The plain answer again with `extra` headers, those it has itself (in any case) left as they
 * are; undefined when `response` is not a plain answer.
 */
export function withHeaders(
  response: Response,
  extra: readonly (readonly [string, string])[],
): Response | undefined {
  const parts = partsOf.get(response);
  if (!parts) return undefined;
  const headers: Record<string, string> = {};
  const own = new Set<string>();
  for (const name in parts.headers) {
    headers[name] = parts.headers[name]!;
    own.add(name.toLowerCase());
  }
  for (const [name, value] of extra) if (!own.has(name.toLowerCase())) headers[name] = value;
  return plainResponse(parts.body, parts.status, headers);
}
