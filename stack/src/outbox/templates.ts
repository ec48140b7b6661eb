// The auth emails: Supabase Auth's default subjects and bodies (link and one-time code), or the
// project's own templates from `[auth.email.template.<name>]` (subject, content_path) rendered
// with the same variables ({{ .ConfirmationURL }}, {{ .Token }}, {{ .TokenHash }}, …).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config.ts';

export type EmailKind =
  'confirmation' | 'invite' | 'magic_link' | 'recovery' | 'email_change' | 'reauthentication';

export interface TemplateData {
  ConfirmationURL: string;
  Token: string;
  TokenHash: string;
  SiteURL: string;
  RedirectTo: string;
  Email: string;
  NewEmail?: string;
  Data: Record<string, unknown>;
}

const DEFAULTS: Record<EmailKind, { subject: string; html: string }> = {
  confirmation: {
    subject: 'Confirm Your Signup',
    html: '<h2>Confirm your signup</h2>\n<p>Follow this link to confirm your user:</p>\n<p><a href="{{ .ConfirmationURL }}">Confirm your mail</a></p>\n<p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  invite: {
    subject: 'You have been invited',
    html: '<h2>You have been invited</h2>\n<p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p>\n<p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p>\n<p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  magic_link: {
    subject: 'Your Magic Link',
    html: '<h2>Magic Link</h2>\n<p>Follow this link to login:</p>\n<p><a href="{{ .ConfirmationURL }}">Log In</a></p>\n<p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  recovery: {
    subject: 'Reset Your Password',
    html: '<h2>Reset Password</h2>\n<p>Follow this link to reset the password for your user:</p>\n<p><a href="{{ .ConfirmationURL }}">Reset Password</a></p>\n<p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  email_change: {
    subject: 'Confirm Email Change',
    html: '<h2>Confirm Change of Email</h2>\n<p>Follow this link to confirm the update of your email from {{ .Email }} to {{ .NewEmail }}:</p>\n<p><a href="{{ .ConfirmationURL }}">Change Email</a></p>\n<p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    html: '<h2>Confirm reauthentication</h2>\n<p>Enter the code: {{ .Token }}</p>',
  },
};

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
};

/**
 * Fills `{{ .Name }}` and `{{ .Data.key }}` as Auth's Go templates do for these simple uses,
 * HTML-escaping every value (Auth renders subjects and bodies with html/template).
 */
export function renderTemplate(template: string, data: { Data: Record<string, unknown> }): string {
  return template.replace(
    /\{\{\s*\.([A-Za-z]+)(?:\.([A-Za-z0-9_]+))?\s*\}\}/g,
    (_, key: string, sub?: string) => {
      const value = key === 'Data' && sub ? data.Data[sub] : (Reflect.get(data, key) as unknown);
      const text =
        typeof value === 'string' ? value : key === 'Data' && value != null ? String(value) : '';
      return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
    },
  );
}

/** Plain text from the HTML body: links kept as "text (url)", tags dropped. */
export function htmlToText(html: string): string {
  return html
    .replace(/\s+/g, ' ')
    .replace(
      /<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g,
      (_, url: string, label: string) => `${label.trim()}: ${url}`,
    )
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/(p|h\d|div|li)>/g, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function renderEmail(
  config: Config,
  kind: EmailKind,
  data: TemplateData,
): { subject: string; html: string; text: string } {
  const own = config.auth.email.templates[kind];
  let html = DEFAULTS[kind].html;
  if (own?.contentPath) {
    try {
      html = readFileSync(path.resolve(config.workdir, own.contentPath), 'utf8');
    } catch {
      // The file was checked at start (config); if it went away since, the default is used.
    }
  }
  const rendered = renderTemplate(html, data);
  return {
    subject: renderTemplate(own?.subject ?? DEFAULTS[kind].subject, data),
    html: rendered,
    text: htmlToText(rendered),
  };
}
