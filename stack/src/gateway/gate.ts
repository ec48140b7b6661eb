// What the gateway does in front of a mount, as gates: each may answer before the service does
// (a refusal, a preflight) and may change the service's answer after (CORS headers). A mount's
// gates run in the mount table's order, like layers of an onion: a gate's `after` sees every
// answer given inside it — the service's, or a later gate's refusal — and none given before it
// was reached. A gate that has its answer at once gives it at once, not as a promise.
import type { Incoming } from '../context/route.ts';

export type Answer = Response | Promise<Response>;

export interface Gate {
  /** An answer instead of the service's, or undefined to let the request on. */
  before?(incoming: Incoming): Response | undefined | Promise<Response | undefined>;
  /** The answer to send, given the one made inside this gate. */
  after?(incoming: Incoming, res: Response): Response;
}

/** The answer of `inner` behind the gates: their befores in order, their afters in reverse. */
export function throughGates(
  gates: readonly Gate[],
  incoming: Incoming,
  inner: (incoming: Incoming) => Answer,
): Answer {
  const outward = (res: Response, reached: number): Response => {
    for (let i = reached - 1; i >= 0; i--) res = gates[i]!.after?.(incoming, res) ?? res;
    return res;
  };
  const from = (start: number): Answer => {
    for (let i = start; i < gates.length; i++) {
      const before = gates[i]!.before?.(incoming);
      if (before instanceof Promise)
        return before.then((refused) => (refused ? outward(refused, i) : from(i + 1)));
      if (before) return outward(before, i);
    }
    const res = inner(incoming);
    return res instanceof Promise
      ? res.then((answered) => outward(answered, gates.length))
      : outward(res, gates.length);
  };
  return from(0);
}
