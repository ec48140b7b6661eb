// The audit trail Supabase Auth keeps in auth.audit_log_entries: one row per account event, with
// GoTrue's payload ({actor_id, actor_username, actor_via_sso, action, log_type, traits}).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/adapter.ts';
import { INSTANCE_ID } from './columns.ts';

const LOG_TYPES = {
  login: 'account',
  logout: 'account',
  invite_accepted: 'account',
  user_signedup: 'team',
  user_invited: 'team',
  user_deleted: 'team',
  token_revoked: 'token',
  token_refreshed: 'token',
  user_modified: 'user',
  user_recovery_requested: 'user',
  user_reauthenticate_requested: 'user',
  user_confirmation_requested: 'user',
  user_repeated_signup: 'user',
  user_updated_password: 'user',
  factor_in_progress: 'factor',
  factor_unenrolled: 'factor',
  verification_attempted: 'factor',
  passkey_created: 'user',
  passkey_updated: 'user',
  passkey_deleted: 'user',
  identity_linked: 'user',
  identity_unlinked: 'user',
} as const;

export type AuditAction = keyof typeof LOG_TYPES;

export interface AuditActor {
  id: string;
  email?: string | null;
  phone?: string | null;
}

export async function recordAudit(
  q: Queryable,
  actor: AuditActor,
  action: AuditAction,
  ip = '',
  traits?: Record<string, unknown>,
): Promise<void> {
  const payload = {
    actor_id: actor.id,
    actor_username: actor.email || actor.phone || '',
    actor_via_sso: false,
    action,
    log_type: LOG_TYPES[action],
    ...(traits ? { traits } : {}),
  };
  await q.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ($1, $2, $3, now(), $4)`,
    [INSTANCE_ID, randomUUID(), JSON.stringify(payload), ip.replace(/^::ffff:/, '').slice(0, 64)],
  );
}
