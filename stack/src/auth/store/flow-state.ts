// PKCE flow states (auth.flow_state): created when a flow starts with a code_challenge, handed
// out as an auth code when its link is used, consumed by the code exchange.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/adapter.ts';

export async function createFlowState(
  q: Queryable,
  flow: {
    userId: string | null;
    challenge: string;
    method: string;
    authenticationMethod: string;
    provider?: string;
  },
): Promise<void> {
  await q.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
       provider_type, authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4::auth.code_challenge_method, $5, $6, $7, now(), now())`,
    [
      randomUUID(),
      flow.userId,
      randomUUID(),
      flow.method.toLowerCase(),
      flow.challenge,
      flow.provider ?? 'email',
      flow.authenticationMethod,
    ],
  );
}

/** The auth code of the user's newest flow state for this method, marked as issued. */
export async function issueAuthCode(
  q: Queryable,
  userId: string,
  authenticationMethod: string,
): Promise<string | undefined> {
  const { rows } = await q.query<{ id: string; auth_code: string }>(
    `select id, auth_code from auth.flow_state where user_id = $1 and authentication_method = $2
     order by created_at desc limit 1`,
    [userId, authenticationMethod],
  );
  if (!rows[0]) return undefined;
  await q.query('update auth.flow_state set auth_code_issued_at = now() where id = $1', [
    rows[0].id,
  ]);
  return rows[0].auth_code;
}

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  code_challenge: string;
  code_challenge_method: 's256' | 'plain';
  authentication_method: string;
  /** An OAuth sign-in's tokens from the provider, handed to the app with the session. */
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  /** Older than `expirySeconds` (a magic link's counts from when its code was issued). */
  expired: boolean;
}

/** Locks the flow state of an auth code for its exchange. */
export async function lockFlowState(
  q: Queryable,
  authCode: string,
  expirySeconds: number,
): Promise<FlowStateRow | undefined> {
  const { rows } = await q.query<FlowStateRow>(
    `select id, user_id, code_challenge, code_challenge_method::text, authentication_method,
       provider_access_token, provider_refresh_token,
       now() > coalesce(case when authentication_method = 'magiclink' then auth_code_issued_at end, created_at)
         + make_interval(secs => $2) as expired
     from auth.flow_state where auth_code = $1 for update`,
    [authCode, expirySeconds],
  );
  return rows[0];
}

export async function deleteFlowState(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.flow_state where id = $1', [id]);
}
