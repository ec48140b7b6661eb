// Running an auth hook, as Supabase Auth runs it: the payload gets its `metadata` (a uuid, the
// time, the hook's name, the client address), goes to the Postgres function or the HTTP endpoint
// the config names, and the answer is read the same way from both: `{error: {message,
// http_code}}` becomes that error (500 without a code), anything that is not JSON a 500, and
// whatever else went wrong a 500 naming the hook's URI.
import { randomUUID } from 'node:crypto';
import type { HookConfig, HookName } from '../../config/config.ts';
import type { AuthDeps } from '../endpoint.ts';
import { AuthError, UncodedAuthError, authError } from '../errors.ts';
import type { AuthQueries } from '../store/index.ts';
import { postHook } from './http.ts';

/** Supabase Auth gives a Postgres hook 2 s (its statement_timeout). */
export const PG_HOOK_TIMEOUT_MS = 2000;

/** The `metadata.name` Supabase Auth gives each hook. */
const METADATA_NAMES: Record<HookName, string> = {
  custom_access_token: 'customize-access-token',
  before_user_created: 'before-user-created',
  send_email: 'send-email',
  send_sms: 'send-sms',
  mfa_verification_attempt: 'mfa-verification',
  password_verification_attempt: 'password-verification',
};

export type HookOutput = Record<string, unknown>;

export function hookEnabled(deps: AuthDeps, name: HookName): boolean {
  return deps.config.auth.hooks[name] !== undefined;
}

/**
 * Runs the hook `name` (which must be enabled) with `payload` and returns its output object
 * (undefined when it answered nothing). A Postgres hook runs in `q`'s transaction when given.
 */
export async function runHook(
  deps: AuthDeps,
  name: HookName,
  payload: Record<string, unknown>,
  context: { ip: string; q?: AuthQueries },
): Promise<HookOutput | undefined> {
  const hook = deps.config.auth.hooks[name];
  if (!hook) throw new Error(`the ${name} hook is not enabled`);
  const input = {
    metadata: {
      uuid: randomUUID(),
      time: new Date().toISOString(),
      name: METADATA_NAMES[name],
      ip_address: context.ip,
    },
    ...payload,
  };
  try {
    return readOutput(await dispatch(deps, hook, input, context.q));
  } catch (error) {
    deps.log.warn(`auth hook ${name} (${hook.uri}) failed: ${(error as Error).message}`);
    if (error instanceof AuthError) throw error;
    throw authError('unexpected_failure', `Error running hook URI: ${hook.uri}`);
  }
}

function dispatch(
  deps: AuthDeps,
  hook: HookConfig,
  input: unknown,
  q: AuthQueries | undefined,
): Promise<string | null | undefined> {
  if (hook.kind === 'http') return postHook(hook.uri, hook.secrets, input);
  return (q ?? deps.store).callHookFunction(hook.schema, hook.fn, input, PG_HOOK_TIMEOUT_MS);
}

/**
 * The hook's answer: nothing (204, SQL null, JSON null) is undefined; `{error: {message}}` with
 * a message is that error; what is not a JSON object is a 500.
 */
export function readOutput(text: string | null | undefined): HookOutput | undefined {
  if (text === null || text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw authError('unexpected_failure', 'Error unmarshaling JSON output.');
  }
  if (value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw authError('unexpected_failure', 'Error unmarshaling JSON output.');
  const out = value as HookOutput;
  const err = out.error;
  if (err && typeof err === 'object' && !Array.isArray(err)) {
    const { message, http_code: code } = err as { message?: unknown; http_code?: unknown };
    if (typeof message === 'string' && message !== '')
      throw new UncodedAuthError(
        message,
        typeof code === 'number' && Number.isInteger(code) && code > 0 ? code : 500,
      );
  }
  return out;
}

/** A field of the output that must be of one JSON type when present (else GoTrue's 500). */
export function field<T extends 'string' | 'boolean'>(
  output: HookOutput | undefined,
  key: string,
  type: T,
): (T extends 'string' ? string : boolean) | undefined {
  const value = output?.[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== type)
    throw authError('unexpected_failure', 'Error unmarshaling JSON output.');
  return value as T extends 'string' ? string : boolean;
}
