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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);

/** Attributes whose value is a URL, as html/template recognises them. */
const URL_ATTRIBUTE =
  /^(?:href|src|action|cite|formaction|poster|background|longdesc|manifest|profile|usemap|icon|codebase|data)$|src|uri|url/i;

/** Where in a URL attribute a value lands: its start, the rest before `?`/`#`, or after. */
type UrlPart = 'start' | 'path' | 'query';

/** The URL part a value at the end of `before` (the template text up to it) lands in, if any. */
function urlPartAt(before: string): UrlPart | null {
  const tagStart = before.lastIndexOf('<');
  if (tagStart < before.lastIndexOf('>')) return null;
  const open = /([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*(["'])([^"']*)$/.exec(before.slice(tagStart));
  if (!open || !URL_ATTRIBUTE.test(open[1]!)) return null;
  const value = open[3]!.replace(PLACEHOLDER, '');
  if (/[?#]/.test(value)) return 'query';
  return value.trim() ? 'path' : 'start';
}

/**
 * Percent-encodes as html/template's URL escapers do: `normalize` (a value in a URL's start or
 * path) keeps reserved characters and valid escapes; otherwise (query or fragment) only
 * unreserved characters stay.
 */
function encodeUrlValue(value: string, normalize: boolean): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(ch) || (normalize && /[!#$&*+,/:;=?@[\]%]/.test(ch))) out += ch;
    else out += `%${byte.toString(16).padStart(2, '0')}`;
  }
  // A lone '%' kept while normalising must start a valid escape.
  return normalize ? out.replace(/%(?![0-9a-fA-F]{2})/g, '%25') : out;
}

/** A URL attribute's value as html/template writes it: unsafe schemes are refused. */
function urlValue(value: string, part: UrlPart): string {
  if (part === 'start') {
    const scheme = /^([^:/?#]*):/.exec(value)?.[1];
    if (scheme !== undefined && !/^(?:https?|mailto)$/i.test(scheme)) return '#ZgotmplZ';
  }
  return encodeUrlValue(value, part !== 'query');
}

const PLACEHOLDER = /\{\{\s*\.([A-Za-z]+)(?:\.([A-Za-z0-9_]+))?\s*\}\}/g;

/**
 * Fills `{{ .Name }}` and `{{ .Data.key }}` as Auth's Go templates (html/template) do for these
 * simple uses: a value in text or an attribute is HTML-escaped; in a URL attribute (href, src …)
 * it is first filtered and normalised at the URL's start, and percent-encoded after its `?` or
 * `#` (so `{{ .Email }}` in a query string arrives whole, `+` included).
 */
export function renderTemplate(template: string, data: { Data: Record<string, unknown> }): string {
  return template.replace(PLACEHOLDER, (_, key: string, sub: string | undefined, at: number) => {
    const value = key === 'Data' && sub ? data.Data[sub] : (Reflect.get(data, key) as unknown);
    const text =
      typeof value === 'string' ? value : key === 'Data' && value != null ? String(value) : '';
    const part = urlPartAt(template.slice(0, at));
    return escapeHtml(part ? urlValue(text, part) : text);
  });
}

/**
 * The link an email's reader follows to act on it: the first link in its HTML that carries the
 * message's token hash (Auth's ConfirmationURL, or a link the project's template builds from
 * {{ .TokenHash }}). None for an email that only holds a code.
 */
export function actionLink(html: string, hash: string): string | undefined {
  if (!hash) return undefined;
  for (const [, href] of html.matchAll(/<a\s[^>]*href="([^"]*)"/g)) {
    const url = decodeEntities(href!);
    if (url.includes(hash)) return url;
  }
  return undefined;
}

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#38;|&amp;/g, '&');

/** Plain text from the HTML body: links kept as "text: url", tags dropped. */
export function htmlToText(html: string): string {
  const stripped = html
    .replace(/\s+/g, ' ')
    .replace(
      /<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g,
      (_, url: string, label: string) => `${label.trim()}: ${url}`,
    )
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/(p|h\d|div|li)>/g, '\n\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(stripped)
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
