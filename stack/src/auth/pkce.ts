// PKCE: flow states (auth.flow_state) created when a flow starts with a code_challenge, the
// auth code handed out in the redirect, and its exchange (grant_type=pkce) for a session.
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { authError } from './errors.ts';

const FLOW_STATE_EXPIRY_SECONDS = 300;

/** Validates code_challenge / code_challenge_method; returns whether this is a PKCE flow. */
export function checkPkceParams(challenge: string, method: string): boolean {
  if ((challenge === '') !== (method === ''))
    throw authError(
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  if (!challenge) return false;
  if (challenge.length < 43 || challenge.length > 128)
    throw authError('validation_failed', 'code challenge has to be between 43 and 128 characters');
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge))
    throw authError(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  if (!['s256', 'plain'].includes(method.toLowerCase()))
    throw authError('validation_failed', `code challenge method not supported: ${method}`);
  return true;
}

export async function createFlowState(
  tx: Queryable,
  userId: string | null,
  challenge: string,
  method: string,
  authenticationMethod: string,
  provider = 'email',
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
       provider_type, authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4::auth.code_challenge_method, $5, $6, $7, now(), now())`,
    [
      randomUUID(),
      userId,
      randomUUID(),
      method.toLowerCase(),
      challenge,
      provider,
      authenticationMethod,
    ],
  );
}

/** The auth code of the user's newest flow state for this method, marked as issued. */
export async function issueAuthCode(
  tx: Queryable,
  userId: string,
  authenticationMethod: string,
): Promise<string> {
  const { rows } = await tx.query<{ id: string; auth_code: string }>(
    `select id, auth_code from auth.flow_state where user_id = $1 and authentication_method = $2
     order by created_at desc limit 1`,
    [userId, authenticationMethod],
  );
  if (!rows[0]) throw authError('flow_state_not_found', 'No valid flow state found for user.', 422);
  await tx.query('update auth.flow_state set auth_code_issued_at = now() where id = $1', [
    rows[0].id,
  ]);
  return rows[0].auth_code;
}

/** Exchanges an auth code and verifier; returns the user id and the method to record in amr. */
export async function exchangeAuthCode(
  tx: Queryable,
  authCode: string,
  verifier: string,
): Promise<{ userId: string; method: string }> {
  if (!authCode || !verifier)
    throw authError(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  const { rows } = await tx.query<{
    id: string;
    user_id: string | null;
    code_challenge: string;
    code_challenge_method: string;
    authentication_method: string;
    expired: boolean;
  }>(
    `select id, user_id, code_challenge, code_challenge_method::text, authentication_method,
       now() > coalesce(case when authentication_method = 'magiclink' then auth_code_issued_at end, created_at)
         + make_interval(secs => $2) as expired
     from auth.flow_state where auth_code = $1 for update`,
    [authCode, FLOW_STATE_EXPIRY_SECONDS],
  );
  const flow = rows[0];
  if (!flow || !flow.user_id)
    throw authError('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (flow.expired)
    throw authError('flow_state_expired', 'invalid flow state, flow state has expired');
  const expected =
    flow.code_challenge_method === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  if (expected !== flow.code_challenge)
    throw authError(
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
  return { userId: flow.user_id, method: flow.authentication_method };
}
