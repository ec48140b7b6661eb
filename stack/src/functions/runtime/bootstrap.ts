// Runs INSIDE Deno, one process per function: redirects Deno.serve to the unix socket the
// stack's gateway proxies to, then imports the function's entrypoint. Prints the ready token on
// stdout once listening; a module that fails to load exits with BOOT_FAILED so the gateway can
// answer BOOT_ERROR. Uncaught handler errors are logged and answered 500, as Deno.serve does.
export {};

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;
interface ServeOptions {
  handler?: Handler;
  onError?: (error: unknown) => Response | Promise<Response>;
  onListen?: unknown;
  port?: number;
  hostname?: string;
  path?: string;
  cert?: string;
  key?: string;
  signal?: AbortSignal;
  [other: string]: unknown;
}
interface DenoApi {
  args: string[];
  serve(options: ServeOptions, handler: Handler): unknown;
  exit(code: number): never;
  env: { delete(name: string): void };
}
declare const Deno: DenoApi;

const BOOT_FAILED = 70;
/** Set by the stack for Deno itself (read at start-up); the function's environment is the CLI's. */
const RUNTIME_VARS = [
  'DENO_DIR',
  'DENO_NO_UPDATE_CHECK',
  'DENO_NO_PROMPT',
  'DENO_NO_PACKAGE_JSON',
  'NO_COLOR',
];
const [socketPath, entrypoint, readyToken] = Deno.args as [string, string, string];
const realServe = Deno.serve.bind(Deno);
let served = false;

function guard(handler: Handler, onError: ServeOptions['onError']): Handler {
  return async (request, info) => {
    try {
      return await handler(request, info);
    } catch (error) {
      console.error('Uncaught error in the request handler:', error);
      if (onError) return onError(error);
      return new Response('Internal Server Error', {
        status: 500,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
      });
    }
  };
}

function serve(...args: unknown[]): unknown {
  let options: ServeOptions = {};
  let handler: Handler | undefined;
  if (typeof args[0] === 'function') {
    handler = args[0] as Handler;
    options = (args[1] as ServeOptions | undefined) ?? {};
  } else {
    options = (args[0] as ServeOptions | undefined) ?? {};
    handler = typeof args[1] === 'function' ? (args[1] as Handler) : options.handler;
  }
  if (!handler) throw new TypeError('Deno.serve needs a handler function');
  if (served) throw new Error('Deno.serve was called twice: an Edge Function serves one handler');
  served = true;
  const { port: _p, hostname: _h, path: _s, cert: _c, key: _k, onListen: _l, ...rest } = options;
  return realServe(
    { ...rest, path: socketPath, onListen: () => console.log(readyToken) },
    guard(handler, options.onError),
  );
}
// Deno's types declare serve as a namespace function, which TypeScript will not let us assign.
(Deno as unknown as { serve: typeof serve }).serve = serve;

// EdgeRuntime.waitUntil: background work keeps running in this long-lived worker.
// Supabase's EdgeRuntime global is not in Deno's types, and globalThis has no index signature.
const globals = globalThis as unknown as Record<string, unknown>;
globals.EdgeRuntime ??= {
  waitUntil(promise: Promise<unknown>) {
    Promise.resolve(promise).catch((error) => console.error('Uncaught error in waitUntil:', error));
  },
};

for (const name of RUNTIME_VARS) Deno.env.delete(name);

try {
  const mod = (await import(entrypoint)) as { default?: { fetch?: Handler } };
  if (!served && typeof mod.default?.fetch === 'function') serve(mod.default.fetch);
  if (!served) {
    console.error('worker boot error: the function did not call Deno.serve');
    Deno.exit(BOOT_FAILED);
  }
} catch (error) {
  console.error('worker boot error:', error);
  Deno.exit(BOOT_FAILED);
}
