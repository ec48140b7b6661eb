// The emails about mentions and replies: one per notification for people whose setting is 'on',
// one digest of everything collected for people whose setting is 'daily'. Each links to the note
// (SHEAF_APP_URL, the app's address) and says how to change the setting.
import { escapeHtml, type Mail } from '../_shared/mail.ts';

/** One claimed notification, as claim_notification_emails() returns it. */
export interface QueuedNotification {
  id: string;
  user_id: string;
  email: string;
  kind: 'mention' | 'reply';
  actor_name: string;
  notebook_id: string;
  notebook_name: string;
  note_id: string | null;
  note_title: string | null;
  anchor: Record<string, unknown> | null;
  created_at: string;
}

function appLink(path: string): string | null {
  const base = Deno.env.get('SHEAF_APP_URL')?.trim();
  if (!base) return null;
  try {
    return new URL(path, base).toString();
  } catch {
    return null;
  }
}

function placeOf(n: QueuedNotification): string {
  const title = n.note_title?.trim() || 'Untitled';
  return n.note_id ? `“${title}” in ${n.notebook_name}` : `“${n.notebook_name}”`;
}

/** "Ada mentioned you in “Trip plan” in Travel". */
export function sentenceOf(n: QueuedNotification): string {
  const verb = n.kind === 'mention' ? 'mentioned you in' : 'replied to your thread in';
  return `${n.actor_name} ${verb} ${placeOf(n)}`;
}

function linkOf(n: QueuedNotification): string | null {
  return appLink(n.note_id ? `/n/${n.notebook_id}/${n.note_id}` : `/n/${n.notebook_id}`);
}

const FOOTER =
  'You get this email because of your notification setting in Sheaf (Settings → Profile → Email about mentions and replies).';

function page(heading: string, items: QueuedNotification[]): string {
  const rows = items
    .map((n) => {
      const link = linkOf(n);
      const text = escapeHtml(sentenceOf(n));
      return `<li>${link ? `<a href="${escapeHtml(link)}">${text}</a>` : text}</li>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><body style="font-family: system-ui, sans-serif; color: #1c1e21; line-height: 1.5">
<p style="font-weight: 600; color: #2f6f4f">Sheaf</p>
<h1 style="font-size: 20px">${escapeHtml(heading)}</h1>
<ul>
${rows}
</ul>
<p style="color: #555; font-size: 14px">${escapeHtml(FOOTER)}</p>
</body></html>`;
}

function lines(items: QueuedNotification[]): string[] {
  return items.map((n) => {
    const link = linkOf(n);
    return `- ${sentenceOf(n)}${link ? `: ${link}` : ''}`;
  });
}

/** The email for one mention or reply. */
export function notificationMail(n: QueuedNotification): Mail {
  const subject = sentenceOf(n);
  return {
    to: n.email,
    subject,
    html: page(subject, [n]),
    text: [subject, '', ...lines([n]), '', FOOTER].join('\n'),
    category: n.kind === 'mention' ? 'mention' : 'reply',
  };
}

/** The daily digest of one person's mentions and replies. */
export function digestMail(items: QueuedNotification[]): Mail {
  const count = items.length;
  const subject = `Sheaf: ${count} ${count === 1 ? 'mention or reply' : 'mentions and replies'} for you`;
  return {
    to: items[0]!.email,
    subject,
    html: page(subject, items),
    text: [subject, '', ...lines(items), '', FOOTER].join('\n'),
    category: 'digest',
  };
}
