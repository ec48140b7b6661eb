// Invitations and the links a PKCE app verifies itself, as Supabase Auth runs them: an invite
// (admin API, never PKCE) links to /verify, which redirects with the session in the fragment;
// a template may instead build the app's own link from {{ .SiteURL }} and {{ .TokenHash }} (the
// stored hash, `pkce_` included), which supabase-js verifies with verifyOtp({ token_hash }).
// Accepting an invitation without a password sets one nobody knows; signing up with an invited
// address sends the confirmation code but keeps the invitation (and the password) to itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { client, inbox, latest, service, uniqueEmail } from './helpers.ts';

const SITE = 'http://127.0.0.1:4999';

const CONFIG = `
[auth]
site_url = "${SITE}"
[auth.email]
enable_confirmations = true
max_frequency = "0s"
[auth.email.template.invite]
content_path = "./supabase/templates/invite.html"
[auth.email.template.magic_link]
content_path = "./supabase/templates/magic-link.html"
[auth.email.template.recovery]
content_path = "./supabase/templates/recovery.html"
[auth.rate_limit]
email_sent = 1000
token_verifications = 1000
sign_in_sign_ups = 1000
`;

/** Templates whose links the app verifies itself (Supabase's guidance for PKCE apps). */
const appLink = (type: string, extra = '') =>
  `<p><a href="{{ .SiteURL }}/auth/callback?token_hash={{ .TokenHash }}&type=${type}${extra}">Go</a></p>
<p>Code: {{ .Token }}</p>`;

const FILES = {
  'templates/invite.html': appLink('invite', '#email={{ .Email }}'),
  'templates/magic-link.html': appLink('magiclink'),
  'templates/recovery.html': appLink('recovery'),
};

/** The link's token_hash and type, and what its fragment holds. */
function parts(link: string) {
  const url = new URL(link);
  return {
    origin: url.origin,
    path: url.pathname,
    tokenHash: url.searchParams.get('token_hash')!,
    type: url.searchParams.get('type')!,
    fragment: new URLSearchParams(url.hash.slice(1)),
  };
}

describe.each(DRIVERS)('invitations and app-verified links on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver, config: CONFIG, files: FILES });
  });
  afterAll(() => stack?.close());

  const passwordOf = async (email: string) =>
    (
      await stack.db.query<{ encrypted_password: string | null }>(
        'select encrypted_password from auth.users where email = $1',
        [email],
      )
    ).rows[0]?.encrypted_password ?? null;

  async function invite(email: string, data: Record<string, unknown> = { team: 'garden' }) {
    const { data: invited, error } = await service(stack).auth.admin.inviteUserByEmail(email, {
      data,
    });
    expect(error).toBeNull();
    return { user: invited.user!, mail: await latest(stack, email) };
  }

  it('builds the invitation link from the site URL and token hash, and verifies it once', async () => {
    const email = uniqueEmail('ann+invited');
    const { mail } = await invite(email);
    expect(mail.kind).toBe('invite');
    const link = parts(mail.link!);
    expect(link).toMatchObject({ origin: SITE, path: '/auth/callback', type: 'invite' });
    // Percent-encoded in the fragment as html/template writes it, so the '+' survives.
    expect(mail.link).toContain(`#email=${encodeURIComponent(email).replace('%2B', '%2b')}`);
    expect(link.fragment.get('email')).toBe(email);
    expect(link.tokenHash).toMatch(/^[0-9a-f]{56}$/);

    const app = client(stack, stack.keys.anonKey, 'pkce');
    const accepted = await app.auth.verifyOtp({ token_hash: link.tokenHash, type: 'invite' });
    expect(accepted.error).toBeNull();
    expect(accepted.data.session?.access_token).toBeTruthy();
    expect(accepted.data.user).toMatchObject({ email: email.toLowerCase() });
    expect(accepted.data.user?.email_confirmed_at).toBeTruthy();
    expect(accepted.data.user?.invited_at).toBeTruthy();
    expect(accepted.data.user?.user_metadata).toMatchObject({ team: 'garden' });

    const again = await client(stack).auth.verifyOtp({
      token_hash: link.tokenHash,
      type: 'invite',
    });
    expect(again.error?.code).toBe('otp_expired');
    expect(again.error?.status).toBe(403);
    expect(again.error?.message).toBe('Email link is invalid or has expired');
  });

  it('redirects an invitation opened through /verify with the session in the fragment, PKCE or not', async () => {
    const email = uniqueEmail('implicit');
    await invite(email);
    // The hash an invitation stores has no pkce_ prefix: its /verify link is always implicit.
    const { rows } = await stack.db.query<{ confirmation_token: string }>(
      'select confirmation_token from auth.users where email = $1',
      [email],
    );
    const token = rows[0]!.confirmation_token;
    expect(token).not.toMatch(/^pkce_/);
    const res = await fetch(
      `${stack.url}/auth/v1/verify?token=${token}&type=invite&redirect_to=${encodeURIComponent(`${SITE}/auth/callback`)}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.search).toBe('');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('access_token')).toBeTruthy();
    expect(fragment.get('type')).toBe('invite');
  });

  it('gives an invited user who accepts without a password one nobody knows, records a sign-up, and lets the fresh session choose one', async () => {
    const email = uniqueEmail('newcomer');
    const { user } = await invite(email);
    expect(await passwordOf(email)).toBe('');
    const link = parts((await latest(stack, email)).link!);
    const app = client(stack);
    const accepted = await app.auth.verifyOtp({ token_hash: link.tokenHash, type: 'invite' });
    expect(accepted.error).toBeNull();
    expect(await passwordOf(email)).toMatch(/^\$2a\$10\$/);
    const { rows } = await stack.db.query<{ action: string }>(
      `select payload->>'action' as action from auth.audit_log_entries
       where payload->>'actor_id' = $1 order by created_at`,
      [user.id],
    );
    expect(rows.map((r) => r.action)).toContain('user_signedup');
    expect(rows.map((r) => r.action)).not.toContain('invite_accepted');

    // A fresh session sets the newcomer's own password without a reauthentication code.
    const chosen = await app.auth.updateUser({ password: 'newcomer-pass-1' });
    expect(chosen.error).toBeNull();
    const signedIn = await client(stack).auth.signInWithPassword({
      email,
      password: 'newcomer-pass-1',
    });
    expect(signedIn.error).toBeNull();
  });

  it('sends the confirmation code to a sign-up with an invited address, shows nothing of the invitation and does not take the password', async () => {
    const email = uniqueEmail('signs-up');
    const { user } = await invite(email, { team: 'garden', invited_to_notebook: 'nb-1' });
    const app = client(stack);
    const signUp = await app.auth.signUp({ email, password: 'typed-at-signup-1' });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({ id: user.id, user_metadata: {}, identities: [] });
    const mail = await latest(stack, email);
    expect(mail.kind).toBe('confirmation');
    expect(mail.code).toMatch(/^\d{6}$/);

    const verified = await app.auth.verifyOtp({ email, token: mail.code!, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.user_metadata).toMatchObject({ invited_to_notebook: 'nb-1' });
    // Confirmed by this very code: the confirmation and the sign-in are the same moment.
    const confirmed = Date.parse(verified.data.user!.email_confirmed_at!);
    const signedIn = Date.parse(verified.data.user!.last_sign_in_at!);
    expect(Math.abs(signedIn - confirmed)).toBeLessThan(5000);
    const withTyped = await client(stack).auth.signInWithPassword({
      email,
      password: 'typed-at-signup-1',
    });
    expect(withTyped.error?.code).toBe('invalid_credentials');
  });

  it('sends nothing to a sign-up with an invitation already accepted, but a sign-in code signs in', async () => {
    const email = uniqueEmail('accepted');
    await invite(email);
    const link = parts((await latest(stack, email)).link!);
    expect(
      (await client(stack).auth.verifyOtp({ token_hash: link.tokenHash, type: 'invite' })).error,
    ).toBeNull();
    const before = (await inbox(stack, email)).length;

    const signUp = await client(stack).auth.signUp({ email, password: 'typed-later-1' });
    expect(signUp.error).toBeNull();
    expect(signUp.data.user?.identities).toEqual([]);
    expect(await inbox(stack, email)).toHaveLength(before);
    // What the app offers next: a sign-in code, for an address that has an account only.
    const app = client(stack, stack.keys.anonKey, 'pkce');
    const asked = await app.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(asked.error).toBeNull();
    const mail = await latest(stack, email);
    expect(mail.kind).toBe('magic_link');
    const verified = await app.auth.verifyOtp({ email, token: mail.code!, type: 'email' });
    expect(verified.error).toBeNull();
    const confirmed = Date.parse(verified.data.user!.email_confirmed_at!);
    expect(Date.parse(verified.data.user!.last_sign_in_at!) - confirmed).toBeGreaterThanOrEqual(0);
  });

  it('sends a confirmation code, not a sign-in code, for an invitation not yet accepted', async () => {
    const email = uniqueEmail('pending');
    await invite(email);
    const asked = await client(stack).auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false },
    });
    expect(asked.error).toBeNull();
    const mail = await latest(stack, email);
    expect(mail.kind).toBe('confirmation');
    const verified = await client(stack).auth.verifyOtp({
      email,
      token: mail.code!,
      type: 'email',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect(await passwordOf(email)).toMatch(/^\$2a\$10\$/);
  });

  it('puts the pkce_ prefix in {{ .TokenHash }} of a PKCE magic link and recovery, and verifies it in any browser', async () => {
    const email = uniqueEmail('pkce-links');
    const password = 'pkce-links-pass-1';
    const asker = client(stack, stack.keys.anonKey, 'pkce');
    await asker.auth.signUp({ email, password });
    const code = (await latest(stack, email)).code!;
    expect((await asker.auth.verifyOtp({ email, token: code, type: 'email' })).error).toBeNull();

    const asks = {
      magiclink: () => asker.auth.signInWithOtp({ email, options: { shouldCreateUser: false } }),
      recovery: () => asker.auth.resetPasswordForEmail(email),
    };
    for (const [type, ask] of Object.entries(asks) as [
      'magiclink' | 'recovery',
      () => Promise<{ error: unknown }>,
    ][]) {
      expect((await ask()).error).toBeNull();
      const link = parts((await latest(stack, email)).link!);
      expect(link).toMatchObject({ origin: SITE, path: '/auth/callback', type });
      expect(link.tokenHash).toMatch(/^pkce_[0-9a-f]{56}$/);
      // Another browser: a client that never asked, so holds no PKCE verifier.
      const elsewhere = client(stack, stack.keys.anonKey, 'pkce');
      const verified = await elsewhere.auth.verifyOtp({ token_hash: link.tokenHash, type });
      expect(verified.error).toBeNull();
      expect(verified.data.session?.user.email).toBe(email);
      const again = await elsewhere.auth.verifyOtp({ token_hash: link.tokenHash, type });
      expect(again.error?.code).toBe('otp_expired');
    }
  });
});
