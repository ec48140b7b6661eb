// Sending the auth emails and SMS: frequency limit per address (`max_frequency`), the email/SMS
// rate limit per client address, a fresh code and token hash stored on the user, and the message
// handed to the outbox inside the same transaction.
import type { Queryable } from '../db/adapter.ts';
import { renderEmail, type EmailKind } from '../outbox/templates.ts';
import type { AuthDeps } from './deps.ts';
import { authError } from './errors.ts';
import {
  generateOtp,
  saveOneTimeToken,
  testOtpFor,
  tokenHash,
  type OneTimeTokenType,
} from './otp.ts';
import type { UserRow } from './users.ts';

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

/** Verify link types per email kind. */
const LINK_TYPE: Record<EmailKind, string> = {
  confirmation: 'signup',
  invite: 'invite',
  magic_link: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
};

export function verifyLink(deps: AuthDeps, hash: string, type: string, redirectTo: string): string {
  const q = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${deps.ctx.apiUrl}/auth/v1/verify?${q.toString()}`;
}

interface EmailTokenSpec {
  kind: EmailKind;
  column: 'confirmation_token' | 'recovery_token' | 'reauthentication_token';
  sentColumn: 'confirmation_sent_at' | 'recovery_sent_at' | 'reauthentication_sent_at';
  ottType: OneTimeTokenType;
  sentAt: string | null;
  extraSet?: string;
}

const SPECS: Record<
  'confirmation' | 'invite' | 'magic_link' | 'recovery' | 'reauthentication',
  Omit<EmailTokenSpec, 'sentAt'>
> = {
  confirmation: {
    kind: 'confirmation',
    column: 'confirmation_token',
    sentColumn: 'confirmation_sent_at',
    ottType: 'confirmation_token',
  },
  invite: {
    kind: 'invite',
    column: 'confirmation_token',
    sentColumn: 'confirmation_sent_at',
    ottType: 'confirmation_token',
    extraSet: ', invited_at = now()',
  },
  magic_link: {
    kind: 'magic_link',
    column: 'recovery_token',
    sentColumn: 'recovery_sent_at',
    ottType: 'recovery_token',
  },
  recovery: {
    kind: 'recovery',
    column: 'recovery_token',
    sentColumn: 'recovery_sent_at',
    ottType: 'recovery_token',
  },
  reauthentication: {
    kind: 'reauthentication',
    column: 'reauthentication_token',
    sentColumn: 'reauthentication_sent_at',
    ottType: 'reauthentication_token',
  },
};

const SENT_AT: Record<string, keyof UserRow> = {
  confirmation_sent_at: 'confirmation_sent_at',
  recovery_sent_at: 'recovery_sent_at',
  reauthentication_sent_at: 'reauthentication_sent_at',
};

/** Sends one of the single-token emails to the user's address; returns the code and hash. */
export async function sendUserEmail(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  which: keyof typeof SPECS,
  opts: SendOptions & { checkFrequency?: boolean },
): Promise<{ otp: string; hash: string; link: string }> {
  const spec = SPECS[which];
  const { config } = deps.ctx;
  const email = user.email ?? '';
  if (opts.checkFrequency !== false)
    checkFrequency(
      user[SENT_AT[spec.sentColumn]!] as string | null,
      config.auth.email.maxFrequencyMs,
    );
  const otp = generateOtp(config.auth.email.otpLength);
  const hash = tokenHash(email, otp);
  const stored = opts.pkce ? `pkce_${hash}` : hash;
  await tx.query(
    `update auth.users set ${spec.column} = $2, ${spec.sentColumn} = now()${spec.extraSet ?? ''}, updated_at = now() where id = $1`,
    [user.id, stored],
  );
  await saveOneTimeToken(tx, user.id, spec.ottType, stored, email);
  const link = verifyLink(deps, stored, LINK_TYPE[spec.kind], opts.redirectTo);
  await deliverEmail(
    deps,
    tx,
    email,
    spec.kind,
    {
      ConfirmationURL: link,
      Token: otp,
      TokenHash: hash,
      RedirectTo: opts.redirectTo,
      Email: email,
      Data: user.raw_user_meta_data ?? {},
    },
    opts.ip,
    link,
  );
  return { otp, hash, link };
}

/** Renders and stores an email after taking one from the email rate limit. */
export async function deliverEmail(
  deps: AuthDeps,
  tx: Queryable,
  to: string,
  kind: EmailKind,
  data: Omit<Parameters<typeof renderEmail>[2], 'SiteURL'>,
  ip: string,
  link?: string,
): Promise<void> {
  deps.limiter.take('emailSent', ip);
  const { subject, html, text } = renderEmail(deps.ctx.config, kind, {
    ...data,
    SiteURL: deps.ctx.config.auth.siteUrl,
  });
  await deps.outbox.send(
    {
      channel: 'email',
      recipient: to,
      subject,
      html,
      text,
      code: data.Token || undefined,
      link,
      kind,
    },
    tx,
  );
}

/** Sends an SMS code: signup confirmation and OTP sign-in, phone change, reauthentication. */
export async function sendSmsCode(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  phone: string,
  purpose: 'confirmation' | 'phone_change' | 'reauthentication',
  ip: string,
): Promise<void> {
  const { config } = deps.ctx;
  const sentAt =
    purpose === 'confirmation'
      ? user.confirmation_sent_at
      : purpose === 'phone_change'
        ? user.phone_change_sent_at
        : user.reauthentication_sent_at;
  checkFrequency(sentAt, config.auth.sms.maxFrequencyMs, true);
  const testOtp = testOtpFor(config.auth.sms.testOtp, phone);
  const otp = testOtp || generateOtp(SMS_OTP_LENGTH);
  const hash = tokenHash(phone, otp);
  const extra = purpose === 'phone_change' ? ', phone_change = $3' : '';
  await tx.query(
    `update auth.users set ${purpose}_token = $2, ${purpose}_sent_at = now()${extra}, updated_at = now() where id = $1`,
    purpose === 'phone_change' ? [user.id, hash, phone] : [user.id, hash],
  );
  const ott: OneTimeTokenType = `${purpose}_token`;
  await saveOneTimeToken(tx, user.id, ott, hash, phone);
  if (testOtp) return; // test numbers never reach a provider
  deps.limiter.take('smsSent', ip);
  const text = config.auth.sms.template.replace(/\{\{\s*\.Code\s*\}\}/g, otp);
  await deps.outbox.send({ channel: 'sms', recipient: phone, text, code: otp, kind: purpose }, tx);
}

/** GoTrue's default SMS code length (the CLI's config has no key for it). */
const SMS_OTP_LENGTH = 6;

/**
 * Sends the email-change confirmation: to the new address always, and to the current address
 * too when `double_confirm_changes` is on. Each address gets its own code and link.
 */
export async function sendEmailChange(
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  newEmail: string,
  opts: SendOptions,
): Promise<void> {
  const { config } = deps.ctx;
  checkFrequency(user.email_change_sent_at, config.auth.email.maxFrequencyMs);
  const prefix = opts.pkce ? 'pkce_' : '';
  const otpNew = generateOtp(config.auth.email.otpLength);
  const hashNew = prefix + tokenHash(newEmail, otpNew);
  const current = config.auth.email.doubleConfirmChanges && user.email ? user.email : '';
  const otpCurrent = current ? generateOtp(config.auth.email.otpLength) : '';
  const hashCurrent = current ? prefix + tokenHash(current, otpCurrent) : '';
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now() where id = $1`,
    [user.id, newEmail, hashNew, hashCurrent],
  );
  await saveOneTimeToken(tx, user.id, 'email_change_token_new', hashNew, newEmail);
  if (current)
    await saveOneTimeToken(tx, user.id, 'email_change_token_current', hashCurrent, current);
  const targets: [string, string, string][] = [[newEmail, otpNew, hashNew]];
  if (current) targets.push([current, otpCurrent, hashCurrent]);
  for (const [to, otp, hash] of targets) {
    const link = verifyLink(deps, hash, 'email_change', opts.redirectTo);
    await deliverEmail(
      deps,
      tx,
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
      link,
    );
  }
}
