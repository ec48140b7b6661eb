// Security notification emails ([auth.email.notification.<kind>]): sent after a password change,
// an email or phone change, a linked phone, a second factor added or removed — with the project's
// subject and body (content_path relative to supabase/) — and never when turned off. Template
// content_path is relative to the project folder, as the Supabase CLI reads it.
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { DRIVERS, makeWorkdir, startTestStack, type TestStack } from '../support/stack.ts';
import { client, inbox, latest, uniqueEmail } from './helpers.ts';

const CONFIG = `
[auth]
site_url = "http://localhost:3000"
[auth.email]
enable_confirmations = true
double_confirm_changes = false
max_frequency = "0s"
[auth.email.template.magic_link]
subject = "Your sign-in code for {{ .Data.app }}"
content_path = "./supabase/templates/magic-link.html"
[auth.sms]
enable_signup = true
enable_confirmations = true
max_frequency = "0s"
[auth.sms.test_otp]
15550002222 = "654321"
15550003333 = "111222"
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
[auth.rate_limit]
email_sent = 1000
sms_sent = 1000
token_verifications = 1000
sign_in_sign_ups = 1000
[auth.email.notification.password_changed]
enabled = true
subject = "Sheaf: your password changed"
content_path = "./templates/password-changed.html"
[auth.email.notification.email_changed]
enabled = true
[auth.email.notification.phone_changed]
enabled = true
[auth.email.notification.identity_linked]
enabled = true
[auth.email.notification.mfa_factor_enrolled]
enabled = true
[auth.email.notification.mfa_factor_unenrolled]
enabled = true
`;

const FILES = {
  'templates/password-changed.html':
    '<p>Hello {{ .Data.display_name }}, the password of {{ .Email }} was changed.</p>',
  'templates/magic-link.html': '<p>Your sign-in code is {{ .Token }}.</p>',
};

const totpCode = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

describe.each(DRIVERS)('security notification emails on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver, config: CONFIG, files: FILES });
  });
  afterAll(() => stack?.close());

  async function confirmedUser(displayName = 'Ada <Admin>') {
    const c = client(stack);
    const email = uniqueEmail('notify');
    const signUp = await c.auth.signUp({
      email,
      password: 'first-password-1',
      options: { data: { display_name: displayName } },
    });
    expect(signUp.error).toBeNull();
    const code = (await latest(stack, email)).code!;
    const verified = await c.auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(verified.error).toBeNull();
    return { c, email };
  }

  const kinds = async (to: string) => (await inbox(stack, to)).map((m) => m.kind);

  it('tells the user their password changed, with the project’s subject and escaped body', async () => {
    const { c, email } = await confirmedUser();
    expect(await kinds(email)).toEqual(['confirmation']);
    const { error } = await c.auth.updateUser({ password: 'second-password-2' });
    expect(error).toBeNull();
    const message = await latest(stack, email);
    expect(message.kind).toBe('password_changed_notification');
    expect(message.subject).toBe('Sheaf: your password changed');
    expect(message.html).toBe(
      `<p>Hello Ada &lt;Admin&gt;, the password of ${email} was changed.</p>`,
    );
    expect(message.text).toBe(`Hello Ada <Admin>, the password of ${email} was changed.`);
  });

  it('sends nothing when a change is refused', async () => {
    const { c, email } = await confirmedUser();
    const same = await c.auth.updateUser({ password: 'first-password-1' });
    expect(same.error?.code).toBe('same_password');
    expect(await kinds(email)).toEqual(['confirmation']);
  });

  it('tells the old address once an email change is confirmed', async () => {
    const { c, email } = await confirmedUser();
    const next = uniqueEmail('moved');
    expect((await c.auth.updateUser({ email: next })).error).toBeNull();
    expect(await kinds(email)).toEqual(['confirmation']);
    const code = (await latest(stack, next)).code!;
    const done = await c.auth.verifyOtp({ email: next, token: code, type: 'email_change' });
    expect(done.error).toBeNull();
    const told = await latest(stack, email);
    expect(told.kind).toBe('email_changed_notification');
    expect(told.text).toContain(`now uses ${next} instead of ${email}`);
    expect(await kinds(next)).toEqual(['email_change']);
  });

  it('tells the user a phone was linked, then that it changed', async () => {
    const { c, email } = await confirmedUser();
    expect((await c.auth.updateUser({ phone: '15550002222' })).error).toBeNull();
    const linked = await c.auth.verifyOtp({
      phone: '15550002222',
      token: '654321',
      type: 'phone_change',
    });
    expect(linked.error).toBeNull();
    expect((await latest(stack, email)).kind).toBe('identity_linked_notification');
    expect((await latest(stack, email)).text).toContain('phone can now be used');
    expect((await c.auth.updateUser({ phone: '15550003333' })).error).toBeNull();
    const changed = await c.auth.verifyOtp({
      phone: '15550003333',
      token: '111222',
      type: 'phone_change',
    });
    expect(changed.error).toBeNull();
    const told = await latest(stack, email);
    expect(told.kind).toBe('phone_changed_notification');
    expect(told.text).toContain('now uses 15550003333 instead of 15550002222');
  });

  it('tells the user when a second factor is added and when it is removed', async () => {
    const { c, email } = await confirmedUser();
    const enrolled = await c.auth.mfa.enroll({ factorType: 'totp' });
    const factor = enrolled.data as { id: string; totp: { secret: string } };
    const verified = await c.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    const added = await latest(stack, email);
    expect(added.kind).toBe('mfa_factor_enrolled_notification');
    expect(added.text).toContain('totp');
    expect((await c.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    expect((await latest(stack, email)).kind).toBe('mfa_factor_unenrolled_notification');
  });

  it('renders the project’s own auth templates from the project folder', async () => {
    const { c, email } = await confirmedUser();
    expect((await c.auth.updateUser({ data: { app: 'Sheaf & Co' } })).error).toBeNull();
    const other = client(stack);
    const sent = await other.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(sent.error).toBeNull();
    const message = await latest(stack, email);
    expect(message.kind).toBe('magic_link');
    expect(message.subject).toBe('Your sign-in code for Sheaf &amp; Co');
    expect(message.html).toBe(`<p>Your sign-in code is ${message.code}.</p>`);
  });
});

describe.each(DRIVERS)('security notifications turned off on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      config: CONFIG.replace(/enabled = true/g, 'enabled = false'),
      files: FILES,
    });
  });
  afterAll(() => stack?.close());

  it('changes the password without an email', async () => {
    const c = client(stack);
    const email = uniqueEmail('quiet');
    await c.auth.signUp({ email, password: 'first-password-1' });
    const code = (await latest(stack, email)).code!;
    expect((await c.auth.verifyOtp({ email, token: code, type: 'signup' })).error).toBeNull();
    expect((await c.auth.updateUser({ password: 'second-password-2' })).error).toBeNull();
    expect((await inbox(stack, email)).map((m) => m.kind)).toEqual(['confirmation']);
  });
});

describe('email content paths in config.toml', () => {
  it('stops the start naming the key when a template file is missing', async () => {
    const workdir = makeWorkdir({
      config: `[auth.email.template.invite]\ncontent_path = "./supabase/templates/nope.html"\n`,
    });
    await expect(loadConfig(workdir)).rejects.toThrow(
      'auth.email.template.invite.content_path: expected an existing file',
    );
  });

  it('checks a notification file only when the notification is on', async () => {
    const off = makeWorkdir({
      config: `[auth.email.notification.password_changed]\nenabled = false\ncontent_path = "./nope.html"\n`,
    });
    await expect(loadConfig(off)).resolves.toBeTruthy();
    const on = makeWorkdir({
      config: `[auth.email.notification.password_changed]\nenabled = true\ncontent_path = "./nope.html"\n`,
    });
    await expect(loadConfig(on)).rejects.toThrow(
      'auth.email.notification.password_changed.content_path: expected an existing file',
    );
  });
});
