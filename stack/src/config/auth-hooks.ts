// [auth.hook.<name>]: Supabase Auth hooks, read and checked as the Supabase CLI and Auth check
// them at start — a Postgres function (`pg-functions://postgres/<schema>/<function>`, no secrets)
// or an HTTP(S) endpoint signed with Standard Webhooks secrets (`v1,whsec_<base64>`, several
// joined by `|`). Plain http only to this machine, as Supabase Auth allows it.
import type { Reader } from './values.ts';
import { ConfigError, table, type Table } from './values.ts';

export const HOOK_NAMES = [
  'custom_access_token',
  'before_user_created',
  'send_email',
  'send_sms',
  'mfa_verification_attempt',
  'password_verification_attempt',
] as const;

export type HookName = (typeof HOOK_NAMES)[number];

export type HookConfig =
  | { kind: 'pg'; uri: string; schema: string; fn: string }
  | { kind: 'http'; uri: string; secrets: string[] };

/** The enabled hooks; a hook that is off is absent. */
export type HooksConfig = Partial<Record<HookName, HookConfig>>;

const SECRET = /^v1,whsec_[A-Za-z0-9+/=]{32,88}$/;
const PG_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,62}$/;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', 'host.docker.internal']);

export function readHooks(r: Reader, auth: Table): HooksConfig {
  const hooks = table(auth, 'hook', 'auth');
  const out: HooksConfig = {};
  for (const name of HOOK_NAMES) {
    const path = `auth.hook.${name}`;
    const t = table(hooks, name, 'auth.hook');
    if (!r.bool(t, 'enabled', path, false)) continue;
    const uri = r.string(t, 'uri', path, '');
    if (!uri) throw new ConfigError(`${path}.uri`, 'a hook URI (it is required when enabled)', uri);
    const secrets = r.string(t, 'secrets', path, '');
    out[name] = readHook(path, uri, secrets);
  }
  return out;
}

function readHook(path: string, uri: string, secrets: string): HookConfig {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new ConfigError(`${path}.uri`, 'a HTTP, HTTPS, or pg-functions URI', uri);
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (scheme === 'pg-functions') {
    if (secrets)
      throw new ConfigError(`${path}.secrets`, 'nothing (secrets are for HTTP hooks only)', '…');
    const [, schema = '', fn = ''] = url.pathname.split('/');
    if (!PG_NAME.test(schema) || !PG_NAME.test(fn))
      throw new ConfigError(
        `${path}.uri`,
        '"pg-functions://postgres/<schema>/<function>" with plain Postgres names',
        uri,
      );
    return { kind: 'pg', uri, schema, fn };
  }
  if (scheme !== 'http' && scheme !== 'https')
    throw new ConfigError(`${path}.uri`, 'a HTTP, HTTPS, or pg-functions URI', uri);
  if (scheme === 'http' && !LOCAL_HOSTS.has(url.hostname))
    throw new ConfigError(
      `${path}.uri`,
      'an https URL (plain http only to localhost, 127.0.0.1 or ::1)',
      uri,
    );
  const list = secrets.split('|').filter(Boolean);
  if (list.length === 0)
    throw new ConfigError(`${path}.secrets`, 'a secret for an HTTP hook ("v1,whsec_<base64>")', '');
  for (const secret of list)
    if (!SECRET.test(secret) || !decodes(secret.slice('v1,whsec_'.length)))
      // The value itself is a secret: never printed.
      throw new ConfigError(
        `${path}.secrets`,
        '"v1,whsec_<base64_encoded_secret>" with at least 32 base64 characters',
        '…',
      );
  return { kind: 'http', uri, secrets: list };
}

function decodes(base64: string): boolean {
  return (
    Buffer.from(base64, 'base64').toString('base64').replace(/=+$/, '') ===
    base64.replace(/=+$/, '')
  );
}
