// PKCE (RFC 7636) as Supabase Auth runs it: a flow that starts with a code_challenge gets a
// flow state; its link hands out an auth code; the code and the verifier are exchanged once
// for a session.
import { createHash } from 'node:crypto';
import { authError } from './errors.ts';
import type { AuthQueries } from './store/index.ts';

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

/** Starts the PKCE flow of a request whose params carry a code challenge (no-op otherwise). */
export async function startFlow(
  q: AuthQueries,
  params: { code_challenge: string; code_challenge_method: string },
  userId: string,
  authenticationMethod: string,
): Promise<void> {
  if (!params.code_challenge) return;
  await q.createFlowState({
    userId,
    challenge: params.code_challenge,
    method: params.code_challenge_method,
    authenticationMethod,
  });
}

/** The auth code a verified PKCE link redirects with (flow_state_not_found without a flow). */
export async function authCodeFor(
  q: AuthQueries,
  userId: string,
  authenticationMethod: string,
): Promise<string> {
  const code = await q.issueAuthCode(userId, authenticationMethod);
  if (!code)
    throw authError(
      'flow_state_not_found',
      'No associated flow state found. No valid flow state found for user.',
      400,
    );
  return code;
}

/** Exchanges an auth code and verifier; returns the user id and the method to record in amr. */
export async function exchangeAuthCode(
  q: AuthQueries,
  authCode: string,
  verifier: string,
): Promise<{
  userId: string;
  method: string;
  providerToken: string;
  providerRefreshToken: string;
}> {
  if (!authCode || !verifier)
    throw authError(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  const flow = await q.lockFlowState(authCode, FLOW_STATE_EXPIRY_SECONDS);
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
  await q.deleteFlowState(flow.id);
  return {
    userId: flow.user_id,
    method: flow.authentication_method,
    providerToken: flow.provider_access_token ?? '',
    providerRefreshToken: flow.provider_refresh_token ?? '',
  };
}
