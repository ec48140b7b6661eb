// One outbox per running stack, shared by the auth service (which sends) and the inbox (which
// shows), keyed by the stack's context so tests running several stacks never mix messages.
import type { StackContext } from '../gateway/context.ts';
import { createOutbox, type Outbox } from './store.ts';

const outboxes = new WeakMap<StackContext, Outbox>();

export function outboxFor(ctx: StackContext): Outbox {
  let outbox = outboxes.get(ctx);
  if (!outbox) {
    outbox = createOutbox(ctx.db, ctx.config, ctx.log);
    outboxes.set(ctx, outbox);
  }
  return outbox;
}
