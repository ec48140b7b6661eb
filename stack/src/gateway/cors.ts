// The gateway's CORS, as Supabase's gateway (Kong's cors plugin with its defaults) answers
// browsers: `Access-Control-Allow-Origin: *` and never credentials — the APIs authenticate with
// the apikey and Authorization headers, not cookies, so no origin is ever reflected with
// `Allow-Credentials: true`. Preflights are answered here (a plain OPTIONS goes on to the
// service), and the headers a client may read are exposed. Headers are added to the service's
// response after it is made: a plain answer (context/plain-answer.ts) is made again with them;
// any other gets them on Node's response when the request came off a socket, never by copying
// its body.
import { withHeaders } from '../context/plain-answer.ts';
import type { Incoming } from '../context/route.ts';
import type { Gate } from './gate.ts';

export interface CorsOptions {
  allowMethods: string[];
  exposeHeaders: string[];
  maxAge: number;
}

function setAll(res: Response, headers: [string, string][]): Response {
  let target = res;
  try {
    for (const [name, value] of headers) target.headers.set(name, value);
  } catch {
    // Immutable headers (a response passed through from fetch): copy it once, then set.
    target = new Response(res.body, res);
    for (const [name, value] of headers) target.headers.set(name, value);
  }
  return target;
}

const ORIGIN: [string, string][] = [['Access-Control-Allow-Origin', '*']];

export function cors(options: CorsOptions): Gate {
  const methods = options.allowMethods.join(',');
  const expose = options.exposeHeaders.join(',');
  const common: [string, string][] = [
    ['Access-Control-Allow-Origin', '*'],
    ['Access-Control-Expose-Headers', expose],
  ];
  /** A preflight: an OPTIONS that asks for a method. */
  const preflight = (incoming: Incoming) =>
    incoming.request.method === 'OPTIONS' &&
    !!incoming.headerRecord()['access-control-request-method'];
  return {
    before(incoming) {
      // A plain OPTIONS (not a preflight) is the service's to answer, e.g. PostgREST's Allow.
      if (!preflight(incoming)) return undefined;
      const headers = new Headers(common);
      headers.set('Access-Control-Max-Age', String(options.maxAge));
      headers.set('Access-Control-Allow-Methods', methods);
      const requested = incoming.headerRecord()['access-control-request-headers'];
      if (requested) {
        const list = requested
          .split(',')
          .map((h) => h.trim())
          .join(',');
        headers.set('Access-Control-Allow-Headers', list);
        headers.append('Vary', 'Access-Control-Request-Headers');
      }
      return new Response(null, { status: 204, statusText: 'No Content', headers });
    },
    after(incoming, res) {
      const headers = incoming.request.method === 'OPTIONS' ? ORIGIN : common;
      // A plain answer is made again with them (context/plain-answer.ts).
      const plain = withHeaders(res, headers);
      if (plain) return plain;
      // Served by Node: the headers go on Node's response, written out with the service's own
      // (which win), so a Web Response's headers are not built only to add two.
      const { outgoing } = incoming.env;
      if (!outgoing || outgoing.headersSent) return setAll(res, headers);
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      return res;
    },
  };
}
