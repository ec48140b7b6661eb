// `[auth.email.template.<kind>]` and `[auth.email.notification.<kind>]`: the project's own email
// subjects and bodies, read as the Supabase CLI reads them. A template's content_path is relative
// to the project folder (the parent of supabase/), a notification's to the supabase/ folder (the
// CLI's own difference); both become absolute here, and a file that does not exist stops the
// start naming the key, as `supabase start` does.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type Reader, table, type Table } from './values.ts';

export interface EmailTemplate {
  subject?: string;
  /** Absolute path of the HTML body. */
  contentPath?: string;
}

/** Supabase Auth's security notifications (GOTRUE_MAILER_NOTIFICATIONS_*), off by default. */
export const NOTIFICATION_KINDS = [
  'password_changed',
  'email_changed',
  'phone_changed',
  'identity_linked',
  'identity_unlinked',
  'mfa_factor_enrolled',
  'mfa_factor_unenrolled',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface EmailNotification extends EmailTemplate {
  enabled: boolean;
}

function contentPath(
  r: Reader,
  t: Table,
  key: string,
  base: string,
  check: boolean,
): string | undefined {
  const value = r.optionalString(t, 'content_path', key);
  if (!value) return undefined;
  const absolute = path.resolve(base, value);
  if (check && !existsSync(absolute))
    throw new ConfigError(`${key}.content_path`, 'an existing file', value);
  return absolute;
}

export function readTemplates(
  r: Reader,
  email: Table,
  workdir: string,
): Record<string, EmailTemplate> {
  const templates = table(email, 'template', 'auth.email');
  const out: Record<string, EmailTemplate> = {};
  for (const name of Object.keys(templates)) {
    const key = `auth.email.template.${name}`;
    const t = table(templates, name, 'auth.email.template');
    out[name] = {
      subject: r.optionalString(t, 'subject', key),
      contentPath: contentPath(r, t, key, path.dirname(workdir), true),
    };
  }
  return out;
}

export function readNotifications(
  r: Reader,
  email: Table,
  workdir: string,
): Record<NotificationKind, EmailNotification> {
  const notifications = table(email, 'notification', 'auth.email');
  const out = {} as Record<NotificationKind, EmailNotification>;
  for (const kind of NOTIFICATION_KINDS) {
    const key = `auth.email.notification.${kind}`;
    const t = table(notifications, kind, 'auth.email.notification');
    const enabled = r.bool(t, 'enabled', key, false);
    out[kind] = {
      enabled,
      subject: r.optionalString(t, 'subject', key),
      contentPath: contentPath(r, t, key, workdir, enabled),
    };
  }
  return out;
}
