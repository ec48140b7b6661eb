// What the gateway does in front of a mount, as gates: each may answer before the service does
// (a refusal, a preflight) and may change the service's answer after (CORS headers). A mount's
// gates run as one middleware, in the mount table's order, like layers of an onion: a gate's
// `after` sees every answer given inside it — the service's, or a later gate's refusal — and
// none given before it was reached.
import type { Context, MiddlewareHandler } from 'hono';
import type { ServiceEnv } from '../context/context.ts';

type GateContext = Context<ServiceEnv>;

export interface Gate {
  /** An answer instead of the service's, or undefined to let the request on. */
  before?(c: GateContext): Response | undefined | Promise<Response | undefined>;
  /** The answer to send, given the one made inside this gate. */
  after?(c: GateContext, res: Response): Response;
}

/** The gates as one middleware. */
export function gateway(gates: readonly Gate[]): MiddlewareHandler<ServiceEnv> {
  const outward = (c: GateContext, res: Response, reached: number) => {
    for (let i = reached - 1; i >= 0; i--) res = gates[i]!.after?.(c, res) ?? res;
    return res;
  };
  return async (c, next) => {
    for (let i = 0; i < gates.length; i++) {
      const before = gates[i]!.before?.(c);
      const refused = before instanceof Promise ? await before : before;
      if (refused) return outward(c, refused, i);
    }
    await next();
    const res = outward(c, c.res, gates.length);
    // Set only when a gate made a new one: Hono's setter copies the old one's headers onto it.
    if (res !== c.res) c.res = res;
  };
}
