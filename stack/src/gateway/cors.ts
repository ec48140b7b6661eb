// The gateway's CORS, as Supabase's gateway (Kong's cors plugin with its defaults) answers
// browsers: `Access-Control-Allow-Origin: *` and never credentials — the APIs authenticate with
// the apikey and Authorization headers, not cookies, so no origin is ever reflected with
// `Allow-Credentials: true`. Preflights are answered here (a plain OPTIONS goes on to the
// service), and the headers a client may read are exposed. Headers are added to the service's
// response after it is made, never by rebuilding it: on Node's response when the request came
// off a socket, so a response built from a string is written straight out by the Node adapter.
import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { ServiceEnv } from '../context/context.ts';
import { requestView } from '../context/route.ts';
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
  const preflight = (c: Context<ServiceEnv>) =>
    c.req.method === 'OPTIONS' && !!requestView(c).headerRecord()['access-control-request-method'];
  return {
    before(c) {
      // A plain OPTIONS (not a preflight) is the service's to answer, e.g. PostgREST's Allow.
      if (!preflight(c)) return undefined;
      const headers = new Headers(common);
      headers.set('Access-Control-Max-Age', String(options.maxAge));
      headers.set('Access-Control-Allow-Methods', methods);
      const requested = requestView(c).headerRecord()['access-control-request-headers'];
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
    after(c, res) {
      const headers = c.req.method === 'OPTIONS' ? ORIGIN : common;
      // Served by Node: the headers go on Node's response, written out with the service's own
      // (which win), so a Web Response's headers are not built only to add two.
      const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
      if (!outgoing || outgoing.headersSent) return setAll(res, headers);
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      return res;
    },
  };
}
