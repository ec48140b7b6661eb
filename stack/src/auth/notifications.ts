// Supabase Auth's security notification emails ([auth.email.notification.<kind>], all off by
// default): a password changed, an email address or phone number changed, a sign-in method
// linked, a second factor added or removed. Each is sent after the change is committed, to the
// account's email address (for an email change: to the old one), with the project's subject and
// body when configured. Like Auth, a notification that cannot be sent (rate limit, no address)
// is logged and never fails the request that made the change.
import { readFileSync } from 'node:fs';
import type { NotificationKind } from '../config/config.ts';
import { htmlToText, renderTemplate } from '../outbox/templates.ts';
import type { AuthDeps } from './endpoint.ts';
import { sendEmailHook, sendsEmail } from './hooks/points.ts';
import type { UserRow } from './store/rows.ts';
import { userJson } from './user-json.ts';

/** The variables a notification template may use besides SiteURL, Email and Data. */
export interface NotificationExtras {
  OldEmail?: string;
  OldPhone?: string;
  Phone?: string;
  Provider?: string;
  FactorType?: string;
}

const DEFAULTS: Record<NotificationKind, { subject: string; html: string }> = {
  password_changed: {
    subject: 'Your password was changed',
    html: '<h2>Your password was changed</h2>\n<p>Someone just changed the password of your account {{ .Email }}.</p>\n<p>If it was not you, reset your password now and tell the site owner.</p>',
  },
  email_changed: {
    subject: 'Your email address was changed',
    html: '<h2>Your email address was changed</h2>\n<p>Your account now uses {{ .Email }} instead of {{ .OldEmail }}.</p>\n<p>If it was not you, tell the site owner now.</p>',
  },
  phone_changed: {
    subject: 'Your phone number was changed',
    html: '<h2>Your phone number was changed</h2>\n<p>Your account now uses {{ .Phone }} instead of {{ .OldPhone }}.</p>\n<p>If it was not you, tell the site owner now.</p>',
  },
  identity_linked: {
    subject: 'A sign-in method was added to your account',
    html: '<h2>A sign-in method was added</h2>\n<p>{{ .Provider }} can now be used to sign in to {{ .Email }}.</p>\n<p>If it was not you, tell the site owner now.</p>',
  },
  identity_unlinked: {
    subject: 'A sign-in method was removed from your account',
    html: '<h2>A sign-in method was removed</h2>\n<p>{{ .Provider }} can no longer be used to sign in to {{ .Email }}.</p>\n<p>If it was not you, tell the site owner now.</p>',
  },
  mfa_factor_enrolled: {
    subject: 'A verification method was added to your account',
    html: '<h2>A verification method was added</h2>\n<p>A {{ .FactorType }} second step now protects your account.</p>\n<p>If it was not you, tell the site owner now.</p>',
  },
  mfa_factor_unenrolled: {
    subject: 'A verification method was removed from your account',
    html: '<h2>A verification method was removed</h2>\n<p>A {{ .FactorType }} second step no longer protects your account.</p>\n<p>If it was not you, tell the site owner now.</p>',
  },
};

function body(deps: AuthDeps, kind: NotificationKind): { subject: string; html: string } {
  const own = deps.config.auth.email.notifications[kind];
  let html = DEFAULTS[kind].html;
  if (own.contentPath) {
    try {
      html = readFileSync(own.contentPath, 'utf8');
    } catch (error) {
      deps.log.warn(`${kind} notification: ${(error as Error).message}; using the default`);
    }
  }
  return { subject: own.subject ?? DEFAULTS[kind].subject, html };
}

/**
 * Sends the `kind` notification about `user` when it is enabled and there is an address to send
 * it to (`to`, else the user's email). Never throws.
 */
export async function notify(
  deps: AuthDeps,
  kind: NotificationKind,
  user: Pick<UserRow, 'id' | 'email' | 'raw_user_meta_data'>,
  ip: string,
  extras: NotificationExtras = {},
  to: string | null = user.email,
): Promise<void> {
  if (!deps.config.auth.email.notifications[kind].enabled || !to) return;
  try {
    deps.limiter.take('emailSent', ip);
    if (sendsEmail(deps)) {
      const record = await deps.store.findUserRecord(user.id);
      await sendEmailHook(
        deps,
        undefined,
        record ? userJson(record) : { id: user.id },
        {
          token: '',
          token_hash: '',
          redirect_to: '',
          email_action_type: `${kind}_notification`,
          site_url: deps.apiUrl,
          token_new: '',
          token_hash_new: '',
          old_email: extras.OldEmail ?? '',
          old_phone: extras.OldPhone ?? '',
          provider: extras.Provider ?? '',
          factor_type: extras.FactorType ?? '',
        },
        ip,
      );
      return;
    }
    const data = {
      SiteURL: deps.config.auth.siteUrl,
      Email: user.email ?? '',
      Data: user.raw_user_meta_data ?? {},
      ...extras,
    };
    const template = body(deps, kind);
    const html = renderTemplate(template.html, data);
    await deps.store.queueMessage({
      channel: 'email',
      recipient: to,
      subject: renderTemplate(template.subject, data),
      html,
      text: htmlToText(html),
      kind: `${kind}_notification`,
    });
  } catch (error) {
    deps.log.warn(`unable to send the ${kind} notification: ${(error as Error).message}`);
  }
}

function providers(user: UserRow): string[] {
  const list = user.raw_app_meta_data?.providers;
  return Array.isArray(list) ? list.map(String) : [];
}

/**
 * After a committed change to the account (a verified code or link, a user update): the
 * notifications for what changed between `before` and the account now. The password is passed
 * in, since it cannot be compared.
 */
export async function notifyChanges(
  deps: AuthDeps,
  before: UserRow,
  ip: string,
  passwordChanged = false,
): Promise<void> {
  const after = await deps.store.findUserById(before.id).catch(() => undefined);
  if (!after) return;
  if (passwordChanged) await notify(deps, 'password_changed', after, ip);
  if (before.email && after.email && before.email !== after.email)
    await notify(deps, 'email_changed', after, ip, { OldEmail: before.email }, before.email);
  if (before.phone && after.phone && before.phone !== after.phone)
    await notify(deps, 'phone_changed', after, ip, { Phone: after.phone, OldPhone: before.phone });
  // Auth links a phone identity when a phone change is confirmed on an account without one.
  if (providers(after).includes('phone') && !providers(before).includes('phone'))
    await notify(deps, 'identity_linked', after, ip, { Provider: 'phone' });
}
