import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_JWT_SECRET, loadConfig } from './config.ts';
import { resolveProvider } from './external.ts';
import { parseDuration, parseSize } from './values.ts';

async function configFrom(text: string, env: NodeJS.ProcessEnv = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-config-'));
  await writeFile(path.join(dir, 'config.toml'), text);
  return loadConfig(dir, env);
}

describe('loadConfig', () => {
  it('gives the Supabase CLI defaults for an empty or missing file', async () => {
    const config = await loadConfig(await mkdtemp(path.join(os.tmpdir(), 'sheaf-none-')), {});
    expect(config.api).toMatchObject({
      port: 54321,
      schemas: ['public', 'graphql_public'],
      maxRows: 1000,
    });
    expect(config.auth).toMatchObject({
      jwtSecret: DEFAULT_JWT_SECRET,
      jwtExpiry: 3600,
      enableSignup: true,
      minimumPasswordLength: 6,
      refreshTokenReuseInterval: 10,
    });
    expect(config.auth.email).toMatchObject({
      enableConfirmations: false,
      doubleConfirmChanges: true,
      otpLength: 6,
      maxFrequencyMs: 1000,
    });
    expect(config.auth.rateLimit.emailSent).toBe(2);
    expect(config.storage.fileSizeLimit).toBe(50 * 1024 * 1024);
  });

  it('reads every section with the CLI key names', async () => {
    const config = await configFrom(`
project_id = "demo"
[api]
port = 6000
max_rows = 50
[auth]
site_url = "http://localhost:3000"
additional_redirect_urls = ["http://localhost:3000/**"]
minimum_password_length = 10
password_requirements = "lower_upper_letters_digits"
[auth.email]
enable_confirmations = true
max_frequency = "1m30s"
otp_length = 8
[auth.sms]
enable_signup = true
[auth.sms.test_otp]
4152127777 = "123456"
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
[auth.rate_limit]
email_sent = 5
[storage]
file_size_limit = "5MiB"
[storage.buckets.images]
public = true
allowed_mime_types = ["image/png"]
file_size_limit = "1MB"
[functions.hello]
verify_jwt = false
`);
    expect(config.projectId).toBe('demo');
    expect(config.api).toMatchObject({ port: 6000, maxRows: 50 });
    expect(config.auth).toMatchObject({
      siteUrl: 'http://localhost:3000',
      minimumPasswordLength: 10,
      passwordRequirements: 'lower_upper_letters_digits',
    });
    expect(config.auth.email).toMatchObject({
      enableConfirmations: true,
      maxFrequencyMs: 90_000,
      otpLength: 8,
    });
    expect(config.auth.sms.testOtp).toEqual({ '4152127777': '123456' });
    expect(config.auth.mfa.totp).toEqual({ enrollEnabled: true, verifyEnabled: true });
    expect(config.auth.rateLimit.emailSent).toBe(5);
    expect(config.storage.fileSizeLimit).toBe(5 * 1024 * 1024);
    expect(config.storage.buckets).toEqual([
      {
        name: 'images',
        public: true,
        allowedMimeTypes: ['image/png'],
        fileSizeLimit: 1_000_000,
        objectsPath: undefined,
      },
    ]);
    expect(config.functions.hello).toMatchObject({ verifyJwt: false, enabled: true });
  });

  it('reads [auth.passkey], [auth.webauthn] and [auth.mfa.web_authn], off by default', async () => {
    const none = await configFrom('[auth]\nsite_url = "http://127.0.0.1:3000"\n');
    expect(none.auth.passkey).toEqual({ enabled: false, maxPasskeysPerUser: 10 });
    expect(none.auth.mfa.webAuthn).toEqual({ enrollEnabled: false, verifyEnabled: false });
    expect(none.auth.webauthn).toEqual({
      rpId: '127.0.0.1',
      rpDisplayName: 'Supabase',
      rpOrigins: ['http://127.0.0.1:3000'],
    });
    const on = await configFrom(`
[auth.passkey]
enabled = true
[auth.webauthn]
rp_display_name = "Sheaf"
rp_id = "localhost"
rp_origins = ["http://localhost:5173", "https://localhost:5174"]
[auth.mfa.web_authn]
enroll_enabled = true
verify_enabled = true
`);
    expect(on.auth.passkey.enabled).toBe(true);
    expect(on.auth.webauthn).toEqual({
      rpId: 'localhost',
      rpDisplayName: 'Sheaf',
      rpOrigins: ['http://localhost:5173', 'https://localhost:5174'],
    });
    expect(on.auth.mfa.webAuthn).toEqual({ enrollEnabled: true, verifyEnabled: true });
    await expect(configFrom('[auth.webauthn]\nrp_origins = ["not a url"]\n')).rejects.toThrow(
      ConfigError,
    );
  });

  it('reads [auth.external.<provider>] and enable_manual_linking; a bad url names its key', async () => {
    const config = await configFrom(
      `[auth]
enable_manual_linking = true
[auth.external.github]
enabled = true
client_id = "env(GH_ID)"
secret = "s3cret"
[auth.external.google]
enabled = true
client_id = "web-id,ios-id"
url = "https://accounts.google.com"
redirect_uri = "https://example.com/auth/v1/callback"
skip_nonce_check = true
`,
      { GH_ID: 'gh-client' },
    );
    expect(config.auth.enableManualLinking).toBe(true);
    expect(config.auth.external.github).toEqual({
      enabled: true,
      clientId: 'gh-client',
      secret: 's3cret',
      redirectUri: '',
      url: '',
      skipNonceCheck: false,
    });
    expect(config.auth.external.google).toMatchObject({
      clientId: 'web-id,ios-id',
      url: 'https://accounts.google.com',
      skipNonceCheck: true,
    });
    expect(
      resolveProvider('google', config.auth.external.google!, 'http://127.0.0.1:54321'),
    ).toMatchObject({
      issuer: 'https://accounts.google.com',
      clientId: 'web-id',
      audiences: ['web-id', 'ios-id'],
      redirectUri: 'https://example.com/auth/v1/callback',
      testIdp: false,
    });
    // Without a url the stack's test identity provider serves it, with a local client.
    expect(
      resolveProvider(
        'gitlab',
        { ...config.auth.external.github!, clientId: '', secret: '' },
        'http://h:1',
      ),
    ).toMatchObject({
      issuer: 'http://h:1/auth/v1/test-idp/gitlab',
      clientId: 'sheaf-local-gitlab',
      redirectUri: 'http://h:1/auth/v1/callback',
      testIdp: true,
    });
    await expect(configFrom('[auth.external.google]\nurl = "not a url"\n')).rejects.toThrow(
      'auth.external.google.url',
    );
  });

  it('substitutes env(NAME) values as the CLI does', async () => {
    const config = await configFrom(`[auth]\nsite_url = "env(SITE)"`, {
      SITE: 'https://example.com',
    });
    expect(config.auth.siteUrl).toBe('https://example.com');
  });

  it('ignores unknown keys', async () => {
    const config = await configFrom(`[auth]\nsome_future_key = 1\n[analytics]\nenabled = true`);
    expect(config.auth.enableSignup).toBe(true);
  });

  it.each([
    ['[api]\nport = "high"', 'api.port: expected an integer from 1 to 65535, got "high"'],
    ['[api]\nport = 70000', 'api.port: expected an integer from 1 to 65535, got 70000'],
    ['[auth]\nenable_signup = "yes"', 'auth.enable_signup: expected true or false, got "yes"'],
    [
      '[auth.email]\nmax_frequency = "soon"',
      'auth.email.max_frequency: expected a duration such as "1s", "5m" or "1h30m", got "soon"',
    ],
    [
      '[storage]\nfile_size_limit = "big"',
      'storage.file_size_limit: expected a size such as "50MiB" or "5MB", got "big"',
    ],
    ['[auth]\npassword_requirements = "strong"', 'auth.password_requirements: expected one of'],
    ['[auth]\njwt_secret = "short"', 'auth.jwt_secret: expected at least 32 characters'],
    ['[auth]\nsite_url = "not a url"', 'auth.site_url: expected an absolute URL'],
    ['auth = 3', 'auth: expected a table, got 3'],
    ['[api]\nschemas = "public"', 'api.schemas: expected an array of strings'],
  ])('stops on a bad value: %s', async (text, message) => {
    const error = await configFrom(text).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
  });

  it('names a TOML syntax error', async () => {
    await expect(configFrom('[api\nport = 1')).rejects.toThrow(/config\.toml is not valid TOML/);
  });
});

describe('durations and sizes', () => {
  it.each([
    ['1s', 1000],
    ['5m', 300_000],
    ['1h30m', 5_400_000],
    ['500ms', 500],
    ['0', 0],
  ])('parses duration %s', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', '1x', 's', '1s2'])('rejects duration %j', (text) =>
    expect(parseDuration(text)).toBeUndefined(),
  );

  it.each([
    ['50MiB', 52_428_800],
    ['5MB', 5_000_000],
    ['1024', 1024],
    [2048, 2048],
    ['1GB', 1e9],
  ] as const)('parses size %s', (value, bytes) => expect(parseSize(value)).toBe(bytes));
});
