// Sending the auth emails and SMS: the frequency limit per address (`max_frequency`), the
// email/SMS rate limit per client address, a fresh code whose hash is stored on the user, and
// the message queued in the outbox inside the same transaction.
import { actionLink, renderEmail, type EmailKind, type TemplateData } from '../outbox/templates.ts';
import type { AuthDeps } from './endpoint.ts';
import { authError } from './errors.ts';
import {
  sendEmailHook,
  sendSmsHook,
  sendsEmail,
  sendsSms,
  type EmailData,
} from './hooks/points.ts';
import { SMS_OTP_LENGTH, generateOtp, testOtpFor, tokenHash } from './otp.ts';
import type { AuthQueries } from './store/index.ts';
import type { UserRow } from './store/rows.ts';
import { userJson } from './user-json.ts';

export interface SendOptions {
  ip: string;
  redirectTo: string;
  /** PKCE flows put `pkce_<hash>` in the link. */
  pkce?: boolean;
}

/** Throws over_*_send_rate_limit when the last send was less than `frequencyMs` ago. */
export function checkFrequency(sentAt: string | null, frequencyMs: number, sms = false): void {
  if (!sentAt || frequencyMs <= 0) return;
  const wait = new Date(sentAt).getTime() + frequencyMs - Date.now();
  if (wait > 0)
    throw authError(
      sms ? 'over_sms_send_rate_limit' : 'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.ceil(wait / 1000)} seconds.`,
    );
}

/** The /verify link an email carries. */
export function verifyLink(deps: AuthDeps, hash: string, type: string, redirectTo: string): string {
  const q = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${deps.apiUrl}/auth/v1/verify?${q.toString()}`;
}

/** The single-token emails: which token column they use and the verify type of their link. */
const EMAILS = {
  confirmation: { token: 'confirmation', sent: 'confirmation_sent_at', link: 'signup' },
  invite: { token: 'confirmation', sent: 'confirmation_sent_at', link: 'invite' },
  magic_link: { token: 'recovery', sent: 'recovery_sent_at', link: 'magiclink' },
  recovery: { token: 'recovery', sent: 'recovery_sent_at', link: 'recovery' },
  reauthentication: {
    token: 'reauthentication',
    sent: 'reauthentication_sent_at',
    link: 'reauthentication',
  },
} as const;

/** Sends one of the single-token emails to the user's address. */
export async function sendUserEmail(
  deps: AuthDeps,
  q: AuthQueries,
  user: UserRow,
  kind: keyof typeof EMAILS,
  opts: SendOptions & { checkFrequency?: boolean },
): Promise<void> {
  const spec = EMAILS[kind];
  const email = user.email ?? '';
  const { otpLength, maxFrequencyMs } = deps.config.auth.email;
  if (opts.checkFrequency !== false) checkFrequency(user[spec.sent], maxFrequencyMs);
  const otp = generateOtp(otpLength);
  const hash = tokenHash(email, otp);
  const stored = opts.pkce ? `pkce_${hash}` : hash;
  await q.storeUserToken(user.id, spec.token, stored, email, { invite: kind === 'invite' });
  if (sendsEmail(deps))
    return hookEmail(deps, q, user, opts.ip, {
      token: otp,
      token_hash: stored,
      email_action_type: spec.link,
      redirect_to: opts.redirectTo,
    });
  const link = verifyLink(deps, stored, spec.link, opts.redirectTo);
  await deliverEmail(
    deps,
    q,
    email,
    kind,
    {
      ConfirmationURL: link,
      Token: otp,
      // As stored, `pkce_` included: a link the app verifies itself sends exactly this back.
      TokenHash: stored,
      RedirectTo: opts.redirectTo,
      Email: email,
      Data: user.raw_user_meta_data ?? {},
    },
    opts.ip,
  );
}

/** The user as the send-email and send-SMS hooks get it. */
async function hookUser(q: AuthQueries, user: UserRow): Promise<Record<string, unknown>> {
  const record = await q.findUserRecord(user.id);
  return record ? userJson(record) : { id: user.id };
}

/**
 * Hands an auth email to the send-email hook instead of the outbox, after taking one from the
 * email rate limit. `site_url` is the API's URL, as Supabase Auth's external URL.
 */
async function hookEmail(
  deps: AuthDeps,
  q: AuthQueries,
  user: UserRow,
  ip: string,
  data: Pick<EmailData, 'token' | 'token_hash' | 'email_action_type' | 'redirect_to'> &
    Partial<EmailData>,
): Promise<void> {
  deps.limiter.take('emailSent', ip);
  await sendEmailHook(
    deps,
    q,
    await hookUser(q, user),
    { site_url: deps.apiUrl, token_new: '', token_hash_new: '', ...data },
    ip,
  );
}

/** Renders and queues an email after taking one from the email rate limit. */
async function deliverEmail(
  deps: AuthDeps,
  q: AuthQueries,
  to: string,
  kind: EmailKind,
  data: Omit<TemplateData, 'SiteURL'>,
  ip: string,
): Promise<void> {
  deps.limiter.take('emailSent', ip);
  const { subject, html, text } = renderEmail(deps.config, kind, {
    ...data,
    SiteURL: deps.config.auth.siteUrl,
  });
  await q.queueMessage({
    channel: 'email',
    recipient: to,
    subject,
    html,
    text,
    code: data.Token || undefined,
    link: actionLink(html, data.TokenHash),
    kind,
  });
}

const SMS_SENT_AT = {
  confirmation: 'confirmation_sent_at',
  phone_change: 'phone_change_sent_at',
  reauthentication: 'reauthentication_sent_at',
} as const;

/** Sends an SMS code: signup confirmation and OTP sign-in, phone change, reauthentication. */
export async function sendSmsCode(
  deps: AuthDeps,
  q: AuthQueries,
  user: UserRow,
  phone: string,
  purpose: keyof typeof SMS_SENT_AT,
  ip: string,
): Promise<void> {
  const { sms } = deps.config.auth;
  checkFrequency(user[SMS_SENT_AT[purpose]], sms.maxFrequencyMs, true);
  const testOtp = testOtpFor(sms.testOtp, phone);
  const otp = testOtp || generateOtp(SMS_OTP_LENGTH);
  await q.storeUserToken(user.id, purpose, tokenHash(phone, otp), phone);
  if (testOtp) return; // test numbers never reach a provider
  await sendSms(deps, q, user, phone, sms.template, otp, purpose, ip);
}

/**
 * Queues an SMS with the code in its template after taking one from the SMS rate limit — or hands
 * the code to the send-SMS hook when it is on (an MFA challenge's hook failure is Supabase Auth's
 * plain 500).
 */
export async function sendSms(
  deps: AuthDeps,
  q: AuthQueries,
  user: UserRow,
  phone: string,
  template: string,
  code: string,
  kind: string,
  ip: string,
): Promise<void> {
  deps.limiter.take('smsSent', ip);
  if (sendsSms(deps)) {
    const mfa = kind === 'mfa_challenge';
    const sms = { otp: code, ...(mfa ? { sms_type: 'mfa' } : {}), phone };
    try {
      await sendSmsHook(deps, q, await hookUser(q, user), sms, ip);
    } catch (error) {
      if (mfa) throw authError('unexpected_failure', 'error invoking hook');
      throw error;
    }
    return;
  }
  const text = template.replace(/\{\{\s*\.Code\s*\}\}/g, code);
  await q.queueMessage({ channel: 'sms', recipient: phone, text, code, kind });
}

/**
 * Sends the email-change confirmation: to the new address always, and to the current address
 * too when `double_confirm_changes` is on. Each address gets its own code and link.
 */
export async function sendEmailChange(
  deps: AuthDeps,
  q: AuthQueries,
  user: UserRow,
  newEmail: string,
  opts: SendOptions,
): Promise<void> {
  const { email } = deps.config.auth;
  checkFrequency(user.email_change_sent_at, email.maxFrequencyMs);
  const prefix = opts.pkce ? 'pkce_' : '';
  const current = email.doubleConfirmChanges && user.email ? user.email : '';
  const targets = [newEmail, ...(current ? [current] : [])].map((to) => {
    const otp = generateOtp(email.otpLength);
    return { to, otp, hash: prefix + tokenHash(to, otp) };
  });
  await q.storeEmailChangeTokens(user.id, {
    newEmail,
    hashNew: targets[0]!.hash,
    currentEmail: current,
    hashCurrent: targets[1]?.hash ?? '',
  });
  if (sendsEmail(deps)) {
    // One call for both addresses, the fields paired as Supabase Auth pairs them.
    const [fresh, old] = targets as [(typeof targets)[0], (typeof targets)[0] | undefined];
    return hookEmail(deps, q, user, opts.ip, {
      email_action_type: 'email_change',
      redirect_to: opts.redirectTo,
      token: old ? old.otp : fresh.otp,
      token_hash: fresh.hash,
      token_new: old ? fresh.otp : '',
      token_hash_new: old ? old.hash : '',
    });
  }
  for (const { to, otp, hash } of targets) {
    const link = verifyLink(deps, hash, 'email_change', opts.redirectTo);
    await deliverEmail(
      deps,
      q,
      to,
      'email_change',
      {
        ConfirmationURL: link,
        Token: otp,
        TokenHash: hash,
        RedirectTo: opts.redirectTo,
        Email: user.email ?? '',
        NewEmail: newEmail,
        Data: user.raw_user_meta_data ?? {},
      },
      opts.ip,
    );
  }
}
