// Placeholder for the inbox routes; replaced by the outbox service.
import { Hono } from 'hono';
import type { GatewayEnv, StackContext } from '../gateway/context.ts';

export function createInboxService(_ctx: StackContext): Hono<GatewayEnv> {
  return new Hono<GatewayEnv>();
}
