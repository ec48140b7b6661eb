// The six places Supabase Auth calls a hook, each with its payload and what its answer means.
// Every function here does nothing (and answers as if there were no hook) when its hook is off.
import { authError } from '../errors.ts';
import type { AuthDeps } from '../endpoint.ts';
import type { AuthQueries } from '../store/index.ts';
import { checkClaims } from './claims.ts';
import { field, hookEnabled, runHook } from './run.ts';

/** A user about to be created, as the before-user-created hook sees it. */
export interface ProspectiveUser {
  id: string;
  email?: string;
  phone?: string;
  /** Absent for an anonymous user (no provider in its app_metadata). */
  provider?: string;
  userMetadata: Record<string, unknown>;
  isAnonymous?: boolean;
}

/** Go's zero time: the timestamps of a user not yet saved. */
const ZERO_TIME = '0001-01-01T00:00:00Z';

/** The before-user-created hook: an answer with an error refuses the sign-up. */
export async function beforeUserCreated(
  deps: AuthDeps,
  user: ProspectiveUser,
  ip: string,
): Promise<void> {
  if (!hookEnabled(deps, 'before_user_created')) return;
  await runHook(
    deps,
    'before_user_created',
    {
      user: {
        id: user.id,
        aud: 'authenticated',
        role: '',
        email: user.email ?? '',
        phone: user.phone ?? '',
        app_metadata: user.provider ? { provider: user.provider, providers: [user.provider] } : {},
        user_metadata: user.userMetadata,
        identities: [],
        created_at: ZERO_TIME,
        updated_at: ZERO_TIME,
        is_anonymous: !!user.isAnonymous,
      },
    },
    { ip },
  );
}

/** The custom access token hook: its `claims` replace the token's, once checked. */
export async function customizeClaims(
  deps: AuthDeps,
  q: AuthQueries,
  userId: string,
  claims: Record<string, unknown>,
  context: { ip: string; method: string },
): Promise<Record<string, unknown>> {
  if (!hookEnabled(deps, 'custom_access_token')) return claims;
  const output = await runHook(
    deps,
    'custom_access_token',
    { user_id: userId, claims, authentication_method: context.method },
    { ip: context.ip, q },
  );
  // Nothing back leaves the claims empty, which the check refuses (as Supabase Auth does).
  if (!output) return checkClaims(null);
  if (!('claims' in output))
    throw authError('unexpected_failure', 'output claims field is missing');
  const replaced = output.claims;
  if (typeof replaced !== 'object' || Array.isArray(replaced))
    throw authError('unexpected_failure', 'Error unmarshaling JSON output.');
  return checkClaims(replaced);
}

/** What send_email's `email_data` carries (as Supabase Auth names the fields). */
export interface EmailData {
  token: string;
  token_hash: string;
  redirect_to: string;
  email_action_type: string;
  site_url: string;
  token_new: string;
  token_hash_new: string;
  old_email?: string;
  old_phone?: string;
  provider?: string;
  factor_type?: string;
}

/** Whether the send-email hook sends the auth emails instead of the stack's outbox. */
export const sendsEmail = (deps: AuthDeps) => hookEnabled(deps, 'send_email');
/** Whether the send-SMS hook sends the auth SMS instead of the stack's outbox. */
export const sendsSms = (deps: AuthDeps) => hookEnabled(deps, 'send_sms');

export async function sendEmailHook(
  deps: AuthDeps,
  q: AuthQueries | undefined,
  user: Record<string, unknown>,
  data: EmailData,
  ip: string,
): Promise<void> {
  await runHook(
    deps,
    'send_email',
    {
      user,
      email_data: { old_email: '', old_phone: '', provider: '', factor_type: '', ...data },
    },
    { ip, q },
  );
}

export async function sendSmsHook(
  deps: AuthDeps,
  q: AuthQueries | undefined,
  user: Record<string, unknown>,
  sms: { otp: string; phone: string; sms_type?: string },
  ip: string,
): Promise<void> {
  await runHook(deps, 'send_sms', { user, sms }, { ip, q });
}

export interface Decision {
  reject: boolean;
  message: string;
  shouldLogoutUser: boolean;
}

const CONTINUE: Decision = { reject: false, message: '', shouldLogoutUser: false };

/** The MFA verification attempt hook (TOTP and phone factors). */
export async function mfaVerificationAttempt(
  deps: AuthDeps,
  q: AuthQueries,
  attempt: { userId: string; factorId: string; factorType: string; valid: boolean },
  ip: string,
): Promise<Decision> {
  if (!hookEnabled(deps, 'mfa_verification_attempt')) return CONTINUE;
  const output = await runHook(
    deps,
    'mfa_verification_attempt',
    {
      user_id: attempt.userId,
      factor_id: attempt.factorId,
      factor_type: attempt.factorType,
      valid: attempt.valid,
    },
    { ip, q },
  );
  return decision(output, 'Further MFA verification attempts will be rejected.');
}

/** The password verification attempt hook (password sign-in). */
export async function passwordVerificationAttempt(
  deps: AuthDeps,
  attempt: { userId: string; valid: boolean },
  ip: string,
): Promise<Decision> {
  if (!hookEnabled(deps, 'password_verification_attempt')) return CONTINUE;
  const output = await runHook(
    deps,
    'password_verification_attempt',
    { user_id: attempt.userId, valid: attempt.valid },
    { ip },
  );
  return decision(output, 'Further password verification attempts will be rejected.');
}

function decision(output: Record<string, unknown> | undefined, fallback: string): Decision {
  const verdict = field(output, 'decision', 'string');
  const message = field(output, 'message', 'string');
  const logout = field(output, 'should_logout_user', 'boolean');
  return {
    reject: verdict === 'reject',
    message: message || fallback,
    shouldLogoutUser: !!logout,
  };
}
