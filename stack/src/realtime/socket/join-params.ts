// The phx_join payload, typed: `config.broadcast` (self, ack, replication_ready), `config.presence`
// (key, enabled), `config.postgres_changes`, `config.private`, and `access_token` (or the older
// `user_token`). Read as leniently as Realtime reads it: a field of the wrong type falls back to
// its default rather than refusing the join. Booleans may be sent as "true"/"false".
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isJsonObject, type Inbound, type JsonObject } from '../protocol/frames.ts';
import type { Identity } from '../access/token.ts';
import type { Decisions } from '../store/store.ts';
import type { ChannelOptions } from './channel.ts';

const flexible = z
  .union([
    z.boolean(),
    z
      .string()
      .transform((s) => s.toLowerCase())
      .pipe(z.enum(['true', 'false']))
      .transform((s) => s === 'true'),
  ])
  .optional()
  .catch(undefined);

const joinSchema = z.object({
  config: z
    .object({
      broadcast: z
        .object({ self: flexible, ack: flexible, replication_ready: flexible })
        .optional()
        .catch(undefined),
      presence: z
        .object({ enabled: flexible, key: z.unknown().optional() })
        .optional()
        .catch(undefined),
      postgres_changes: z.array(z.unknown()).optional().catch(undefined),
      private: flexible,
    })
    .optional()
    .catch(undefined),
  access_token: z.string().optional().catch(undefined),
  user_token: z.string().optional().catch(undefined),
});

export interface JoinParams {
  /** The token the channel acts with; absent: the socket's API key. */
  accessToken: string | undefined;
  options: ChannelOptions;
  replicationReady: boolean;
  postgresChanges: JsonObject[];
}

/** After the token guard: who joins. */
export interface VerifiedJoin extends JoinParams {
  identity: Identity;
}

/** After the read-policy guard: what a private channel may read (undefined: a public one). */
export interface AdmittedJoin extends VerifiedJoin {
  reads: Decisions | undefined;
}

function presenceKey(key: unknown): string {
  if (key === undefined || key === null || key === '') return randomUUID();
  return typeof key === 'string' ? key : JSON.stringify(key);
}

export function parseJoin(message: Inbound): JoinParams {
  const payload = message.kind === 'push' ? message.payload : {};
  const { config, access_token, user_token } = joinSchema.parse(payload);
  return {
    accessToken: user_token ?? access_token,
    options: {
      private: config?.private ?? false,
      self: config?.broadcast?.self ?? false,
      ack: config?.broadcast?.ack ?? false,
      presenceKey: presenceKey(config?.presence?.key),
      presenceEnabled: config?.presence?.enabled ?? false,
    },
    replicationReady: config?.broadcast?.replication_ready ?? false,
    postgresChanges: (config?.postgres_changes ?? []).filter(isJsonObject),
  };
}
