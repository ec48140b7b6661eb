// The gateway's CORS, as Supabase's gateway (Kong's cors plugin with its defaults) answers
// browsers: `Access-Control-Allow-Origin: *` and never credentials — the APIs authenticate with
// the apikey and Authorization headers, not cookies, so no origin is ever reflected with
// `Allow-Credentials: true`. Preflights are answered here (a plain OPTIONS goes on to the
// service), and the headers a client may read are exposed. Headers are added to the service's
// response after it is made, never by rebuilding it, so a response built from a string is
// written straight out by the Node adapter.
import type { MiddlewareHandler } from 'hono';
import type { ServiceEnv } from '../context/context.ts';

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

export function cors(options: CorsOptions): MiddlewareHandler<ServiceEnv> {
  const methods = options.allowMethods.join(',');
  const expose = options.exposeHeaders.join(',');
  return async (c, next) => {
    // A plain OPTIONS (not a preflight) is the service's to answer, e.g. PostgREST's Allow.
    if (c.req.method === 'OPTIONS' && !c.req.header('access-control-request-method')) {
      await next();
      const res = setAll(c.res, [['Access-Control-Allow-Origin', '*']]);
      if (res !== c.res) c.res = res;
      return;
    }
    const common: [string, string][] = [
      ['Access-Control-Allow-Origin', '*'],
      ['Access-Control-Expose-Headers', expose],
    ];
    if (c.req.method === 'OPTIONS') {
      const headers = new Headers(common);
      headers.set('Access-Control-Max-Age', String(options.maxAge));
      headers.set('Access-Control-Allow-Methods', methods);
      const requested = c.req.header('access-control-request-headers');
      if (requested) {
        const list = requested
          .split(',')
          .map((h) => h.trim())
          .join(',');
        headers.set('Access-Control-Allow-Headers', list);
        headers.append('Vary', 'Access-Control-Request-Headers');
      }
      return new Response(null, { status: 204, statusText: 'No Content', headers });
    }
    await next();
    const res = setAll(c.res, common);
    if (res !== c.res) c.res = res;
  };
}
