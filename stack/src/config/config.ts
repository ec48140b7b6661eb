// The stack's configuration: supabase/config.toml read with the Supabase CLI's own keys and
// defaults. Unknown keys are ignored; a bad value throws ConfigError naming the key.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import {
  readNotifications,
  readTemplates,
  type EmailNotification,
  type EmailTemplate,
  type NotificationKind,
} from './email-content.ts';
import { readExternal, type ExternalProviderConfig } from './external.ts';
import { readHooks, type HooksConfig } from './auth-hooks.ts';
import { readRealtime, type RealtimeConfig } from './realtime.ts';
import { ConfigError, Reader, table, type Table } from './values.ts';

export { ConfigError } from './values.ts';
export type { EmailNotification, EmailTemplate, NotificationKind } from './email-content.ts';
export type { ExternalProviderConfig } from './external.ts';
export type { HookConfig, HookName, HooksConfig } from './auth-hooks.ts';

/** The secret the Supabase CLI uses when `[auth] jwt_secret` is not set. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export interface BucketConfig {
  name: string;
  public: boolean;
  fileSizeLimit?: number;
  allowedMimeTypes?: string[];
  objectsPath?: string;
}

export interface FunctionConfig {
  name: string;
  enabled: boolean;
  verifyJwt: boolean;
  entrypoint?: string;
  importMap?: string;
}

export interface Config {
  projectId: string;
  /** Absolute path of the supabase/ folder. */
  workdir: string;
  api: {
    enabled: boolean;
    port: number;
    schemas: string[];
    extraSearchPath: string[];
    maxRows: number;
  };
  db: { majorVersion: number; seed: { enabled: boolean; sqlPaths: string[] } };
  storage: { enabled: boolean; fileSizeLimit: number; buckets: BucketConfig[] };
  realtime: RealtimeConfig;
  auth: {
    enabled: boolean;
    siteUrl: string;
    additionalRedirectUrls: string[];
    jwtExpiry: number;
    jwtSecret: string;
    jwtIssuer: string;
    signingKeysPath?: string;
    enableRefreshTokenRotation: boolean;
    refreshTokenReuseInterval: number;
    enableSignup: boolean;
    enableAnonymousSignIns: boolean;
    enableManualLinking: boolean;
    minimumPasswordLength: number;
    passwordRequirements:
      '' | 'letters_digits' | 'lower_upper_letters_digits' | 'lower_upper_letters_digits_symbols';
    rateLimit: {
      emailSent: number;
      smsSent: number;
      anonymousUsers: number;
      tokenRefresh: number;
      signInSignUps: number;
      tokenVerifications: number;
    };
    email: {
      enableSignup: boolean;
      doubleConfirmChanges: boolean;
      enableConfirmations: boolean;
      securePasswordChange: boolean;
      maxFrequencyMs: number;
      otpLength: number;
      otpExpiry: number;
      templates: Record<string, EmailTemplate>;
      /** [auth.email.notification.<kind>]: security notifications (all off by default). */
      notifications: Record<NotificationKind, EmailNotification>;
      smtp?: {
        host: string;
        port: number;
        user?: string;
        pass?: string;
        adminEmail: string;
        senderName?: string;
      };
    };
    sms: {
      enableSignup: boolean;
      enableConfirmations: boolean;
      template: string;
      maxFrequencyMs: number;
      testOtp: Record<string, string>;
    };
    mfa: {
      maxEnrolledFactors: number;
      totp: { enrollEnabled: boolean; verifyEnabled: boolean };
      phone: {
        enrollEnabled: boolean;
        verifyEnabled: boolean;
        otpLength: number;
        template: string;
        maxFrequencyMs: number;
      };
      webAuthn: { enrollEnabled: boolean; verifyEnabled: boolean };
    };
    /** [auth.passkey]: passkey sign-in (`/passkeys`); off by default. */
    passkey: { enabled: boolean; maxPasskeysPerUser: number };
    /** [auth.webauthn]: the relying party of passkeys and WebAuthn factors. */
    webauthn: { rpId: string; rpDisplayName: string; rpOrigins: string[] };
    sessions: { timeboxMs: number; inactivityTimeoutMs: number };
    /** [auth.oauth_server]: Supabase Auth as an OAuth 2.1 server (its client administration). */
    oauthServer: { enabled: boolean };
    /** [auth.external.<provider>]: OAuth sign-in providers (external.ts). */
    external: Record<string, ExternalProviderConfig>;
    /** [auth.hook.<name>]: the enabled auth hooks (auth/hooks/). */
    hooks: HooksConfig;
  };
  functions: Record<string, FunctionConfig>;
  edgeRuntime: {
    policy: 'oneshot' | 'per_worker';
    wallClockLimitMs: number;
    /** [edge_runtime.secrets]: extra function environment (`env(NAME)` resolved). */
    secrets: Record<string, string>;
  };
}

/** Reads `<workdir>/config.toml`. A missing file gives the CLI's defaults. */
export async function loadConfig(
  workdir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Config> {
  const file = path.join(workdir, 'config.toml');
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  let doc: Table;
  try {
    doc = parseToml(text) as Table;
  } catch (error) {
    throw new Error(`config.toml is not valid TOML: ${(error as Error).message}`);
  }
  return parseConfig(doc, path.resolve(workdir), env);
}

export function parseConfig(
  doc: Table,
  workdir: string,
  env: NodeJS.ProcessEnv = process.env,
): Config {
  const r = new Reader(env);
  const api = table(doc, 'api', '');
  const db = table(doc, 'db', '');
  const seed = table(db, 'seed', 'db');
  const storage = table(doc, 'storage', '');
  const auth = table(doc, 'auth', '');
  const rate = table(auth, 'rate_limit', 'auth');
  const email = table(auth, 'email', 'auth');
  const sms = table(auth, 'sms', 'auth');
  const mfa = table(auth, 'mfa', 'auth');
  const totp = table(mfa, 'totp', 'auth.mfa');
  const phone = table(mfa, 'phone', 'auth.mfa');
  const mfaWebAuthn = table(mfa, 'web_authn', 'auth.mfa');
  const passkey = table(auth, 'passkey', 'auth');
  const webauthn = table(auth, 'webauthn', 'auth');
  const sessions = table(auth, 'sessions', 'auth');
  const oauthServer = table(auth, 'oauth_server', 'auth');
  const edge = table(doc, 'edge_runtime', '');

  const jwtSecret = r.string(auth, 'jwt_secret', 'auth', DEFAULT_JWT_SECRET);
  if (jwtSecret.length < 32)
    throw new ConfigError(
      'auth.jwt_secret',
      'at least 32 characters',
      `${jwtSecret.length} characters`,
    );

  const siteUrl = r.string(auth, 'site_url', 'auth', 'http://127.0.0.1:3000');
  checkUrl(siteUrl, 'auth.site_url');

  return {
    projectId: r.string(doc, 'project_id', '', path.basename(path.dirname(workdir)) || 'local'),
    workdir,
    api: {
      enabled: r.bool(api, 'enabled', 'api', true),
      port: r.int(api, 'port', 'api', 54321, 1, 65535),
      schemas: r.stringArray(api, 'schemas', 'api', ['public', 'graphql_public']),
      extraSearchPath: r.stringArray(api, 'extra_search_path', 'api', ['public', 'extensions']),
      maxRows: r.int(api, 'max_rows', 'api', 1000, 1),
    },
    db: {
      majorVersion: r.int(db, 'major_version', 'db', 15, 13, 18),
      seed: {
        enabled: r.bool(seed, 'enabled', 'db.seed', true),
        sqlPaths: r.stringArray(seed, 'sql_paths', 'db.seed', ['./seed.sql']),
      },
    },
    storage: {
      enabled: r.bool(storage, 'enabled', 'storage', true),
      fileSizeLimit: r.size(storage, 'file_size_limit', 'storage', 50 * 1024 ** 2),
      buckets: readBuckets(r, table(storage, 'buckets', 'storage')),
    },
    realtime: readRealtime(r, table(doc, 'realtime', ''), env),
    auth: {
      enabled: r.bool(auth, 'enabled', 'auth', true),
      siteUrl,
      additionalRedirectUrls: r.stringArray(auth, 'additional_redirect_urls', 'auth', []),
      jwtExpiry: r.int(auth, 'jwt_expiry', 'auth', 3600, 1, 604800),
      jwtSecret,
      jwtIssuer: r.string(auth, 'jwt_issuer', 'auth', ''),
      signingKeysPath: r.optionalString(auth, 'signing_keys_path', 'auth'),
      enableRefreshTokenRotation: r.bool(auth, 'enable_refresh_token_rotation', 'auth', true),
      refreshTokenReuseInterval: r.int(auth, 'refresh_token_reuse_interval', 'auth', 10),
      enableSignup: r.bool(auth, 'enable_signup', 'auth', true),
      enableAnonymousSignIns: r.bool(auth, 'enable_anonymous_sign_ins', 'auth', false),
      enableManualLinking: r.bool(auth, 'enable_manual_linking', 'auth', false),
      minimumPasswordLength: r.int(auth, 'minimum_password_length', 'auth', 6, 6),
      passwordRequirements: r.oneOf(
        auth,
        'password_requirements',
        'auth',
        [
          '',
          'letters_digits',
          'lower_upper_letters_digits',
          'lower_upper_letters_digits_symbols',
        ] as const,
        '',
      ),
      rateLimit: {
        emailSent: r.int(rate, 'email_sent', 'auth.rate_limit', 2),
        smsSent: r.int(rate, 'sms_sent', 'auth.rate_limit', 30),
        anonymousUsers: r.int(rate, 'anonymous_users', 'auth.rate_limit', 30),
        tokenRefresh: r.int(rate, 'token_refresh', 'auth.rate_limit', 150),
        signInSignUps: r.int(rate, 'sign_in_sign_ups', 'auth.rate_limit', 30),
        tokenVerifications: r.int(rate, 'token_verifications', 'auth.rate_limit', 30),
      },
      email: {
        enableSignup: r.bool(email, 'enable_signup', 'auth.email', true),
        doubleConfirmChanges: r.bool(email, 'double_confirm_changes', 'auth.email', true),
        enableConfirmations: r.bool(email, 'enable_confirmations', 'auth.email', false),
        securePasswordChange: r.bool(email, 'secure_password_change', 'auth.email', false),
        maxFrequencyMs: r.duration(email, 'max_frequency', 'auth.email', 1000),
        otpLength: r.int(email, 'otp_length', 'auth.email', 6, 6, 10),
        otpExpiry: r.int(email, 'otp_expiry', 'auth.email', 3600, 1, 86400),
        templates: readTemplates(r, email, workdir),
        notifications: readNotifications(r, email, workdir),
        smtp: readSmtp(r, table(email, 'smtp', 'auth.email')),
      },
      sms: {
        enableSignup: r.bool(sms, 'enable_signup', 'auth.sms', false),
        enableConfirmations: r.bool(sms, 'enable_confirmations', 'auth.sms', false),
        template: r.string(sms, 'template', 'auth.sms', 'Your code is {{ .Code }}'),
        maxFrequencyMs: r.duration(sms, 'max_frequency', 'auth.sms', 5000),
        testOtp: readTestOtp(r, table(sms, 'test_otp', 'auth.sms')),
      },
      mfa: {
        maxEnrolledFactors: r.int(mfa, 'max_enrolled_factors', 'auth.mfa', 10, 1),
        totp: {
          enrollEnabled: r.bool(totp, 'enroll_enabled', 'auth.mfa.totp', false),
          verifyEnabled: r.bool(totp, 'verify_enabled', 'auth.mfa.totp', false),
        },
        phone: {
          enrollEnabled: r.bool(phone, 'enroll_enabled', 'auth.mfa.phone', false),
          verifyEnabled: r.bool(phone, 'verify_enabled', 'auth.mfa.phone', false),
          otpLength: r.int(phone, 'otp_length', 'auth.mfa.phone', 6, 6, 10),
          template: r.string(phone, 'template', 'auth.mfa.phone', 'Your code is {{ .Code }}'),
          maxFrequencyMs: r.duration(phone, 'max_frequency', 'auth.mfa.phone', 5000),
        },
        webAuthn: {
          enrollEnabled: r.bool(mfaWebAuthn, 'enroll_enabled', 'auth.mfa.web_authn', false),
          verifyEnabled: r.bool(mfaWebAuthn, 'verify_enabled', 'auth.mfa.web_authn', false),
        },
      },
      passkey: {
        enabled: r.bool(passkey, 'enabled', 'auth.passkey', false),
        maxPasskeysPerUser: 10,
      },
      webauthn: readWebAuthn(r, webauthn, siteUrl),
      sessions: {
        timeboxMs: r.duration(sessions, 'timebox', 'auth.sessions', 0),
        inactivityTimeoutMs: r.duration(sessions, 'inactivity_timeout', 'auth.sessions', 0),
      },
      oauthServer: { enabled: r.bool(oauthServer, 'enabled', 'auth.oauth_server', false) },
      external: readExternal(r, auth),
      hooks: readHooks(r, auth),
    },
    functions: readFunctions(r, table(doc, 'functions', '')),
    edgeRuntime: {
      policy: r.oneOf(
        edge,
        'policy',
        'edge_runtime',
        ['oneshot', 'per_worker'] as const,
        'oneshot',
      ),
      wallClockLimitMs: r.duration(edge, 'wall_clock_limit', 'edge_runtime', 150_000),
      secrets: readSecrets(r, table(edge, 'secrets', 'edge_runtime')),
    },
  };
}

/**
 * [auth.webauthn]: the relying party. Without the table, the site URL's host and origin (a
 * WebAuthn factor then works on the site itself, as the CLI's Auth falls back to it).
 */
function readWebAuthn(r: Reader, t: Table, siteUrl: string): Config['auth']['webauthn'] {
  const site = new URL(siteUrl);
  const rpOrigins = r.stringArray(t, 'rp_origins', 'auth.webauthn', [site.origin]);
  for (const origin of rpOrigins) checkUrl(origin, 'auth.webauthn.rp_origins');
  return {
    rpId: r.string(t, 'rp_id', 'auth.webauthn', site.hostname),
    rpDisplayName: r.string(t, 'rp_display_name', 'auth.webauthn', 'Supabase'),
    rpOrigins,
  };
}

function checkUrl(value: string, key: string): void {
  try {
    new URL(value);
  } catch {
    throw new ConfigError(key, 'an absolute URL', value);
  }
}

function readBuckets(r: Reader, buckets: Table): BucketConfig[] {
  return Object.keys(buckets).map((name) => {
    const p = `storage.buckets.${name}`;
    const b = table(buckets, name, 'storage.buckets');
    const limit = b.file_size_limit === undefined ? undefined : r.size(b, 'file_size_limit', p, 0);
    return {
      name,
      public: r.bool(b, 'public', p, false),
      fileSizeLimit: limit,
      allowedMimeTypes:
        b.allowed_mime_types === undefined
          ? undefined
          : r.stringArray(b, 'allowed_mime_types', p, []),
      objectsPath: r.optionalString(b, 'objects_path', p),
    };
  });
}

function readSmtp(r: Reader, smtp: Table): Config['auth']['email']['smtp'] {
  const p = 'auth.email.smtp';
  if (Object.keys(smtp).length === 0 || !r.bool(smtp, 'enabled', p, true)) return undefined;
  const host = r.optionalString(smtp, 'host', p);
  if (!host) return undefined;
  return {
    host,
    port: r.int(smtp, 'port', p, 587, 1, 65535),
    user: r.optionalString(smtp, 'user', p),
    pass: r.optionalString(smtp, 'pass', p),
    adminEmail: r.string(smtp, 'admin_email', p, 'admin@email.com'),
    senderName: r.optionalString(smtp, 'sender_name', p),
  };
}

function readTestOtp(r: Reader, testOtp: Table): Record<string, string> {
  const out: Record<string, string> = {};
  for (const phone of Object.keys(testOtp))
    out[phone] = r.string(testOtp, phone, 'auth.sms.test_otp', '');
  return out;
}

function readSecrets(r: Reader, secrets: Table): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(secrets))
    out[name] = r.string(secrets, name, 'edge_runtime.secrets', '');
  return out;
}

function readFunctions(r: Reader, functions: Table): Record<string, FunctionConfig> {
  const out: Record<string, FunctionConfig> = {};
  for (const name of Object.keys(functions)) {
    const p = `functions.${name}`;
    const f = table(functions, name, 'functions');
    out[name] = {
      name,
      enabled: r.bool(f, 'enabled', p, true),
      verifyJwt: r.bool(f, 'verify_jwt', p, true),
      entrypoint: r.optionalString(f, 'entrypoint', p),
      importMap: r.optionalString(f, 'import_map', p),
    };
  }
  return out;
}
