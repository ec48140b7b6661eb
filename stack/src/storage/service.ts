// Placeholder route table for the storage service; replaced by the service's real routes.
import { Hono } from 'hono';
import type { GatewayEnv, StackContext } from '../gateway/context.ts';

export function createStorageService(_ctx: StackContext): Hono<GatewayEnv> {
  return new Hono<GatewayEnv>();
}
