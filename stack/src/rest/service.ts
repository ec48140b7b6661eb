// Placeholder route table for the rest service; replaced by the service's real routes.
import { Hono } from 'hono';
import type { GatewayEnv, StackContext } from '../gateway/context.ts';

export function createRestService(_ctx: StackContext): Hono<GatewayEnv> {
  return new Hono<GatewayEnv>();
}
