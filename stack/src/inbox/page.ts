// The /inbox page: a plain, readable list of sent messages (newest first) with subject,
// recipient, time, the one-time code and the body with working links; and one email's own HTML
// as its reader would see it (/inbox/<id>).
import type { StoredMessage } from '../outbox/outbox.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Escapes text and turns http(s) URLs into links. */
function linkify(text: string): string {
  return escape(text).replace(
    /https?:\/\/[^\s<>"]+/g,
    (url) => `<a href="${url}" rel="noreferrer">${url}</a>`,
  );
}

function card(m: StoredMessage): string {
  const code = m.code ? `<p class="code">Code: <strong>${escape(m.code)}</strong></p>` : '';
  const actions = [
    m.body_html ? `<a class="action" href="/inbox/${m.id}">View the email</a>` : '',
    m.link ? `<a class="action" href="${escape(m.link)}" rel="noreferrer">Open the link</a>` : '',
  ].filter(Boolean);
  const link = actions.length ? `<p>${actions.join(' · ')}</p>` : '';
  return `<article>
  <header><h2>${escape(m.subject || (m.channel === 'sms' ? 'SMS' : '(no subject)'))}</h2>
  <p class="meta">${m.channel === 'sms' ? 'SMS' : 'Email'} to <strong>${escape(m.recipient)}</strong>
  · <time datetime="${m.created_at}">${m.created_at.replace('T', ' ').slice(0, 19)} UTC</time></p></header>
  ${code}${link}<pre>${linkify(m.body_text)}</pre>
</article>`;
}

export function renderInbox(messages: StoredMessage[], to?: string): string {
  const title = to ? `Inbox for ${escape(to)}` : 'Inbox';
  const list = messages.length
    ? messages.map(card).join('\n')
    : '<p class="empty">No messages yet. Emails and SMS the stack sends appear here.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Sheaf stack</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1c1e21}
main{max-width:760px;margin:0 auto;padding:24px 16px}
h1{font-size:1.5rem}article{background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:16px;margin:12px 0}
h2{font-size:1.1rem;margin:0}.meta{color:#555;margin:4px 0 8px}.code strong{font:600 1.3rem ui-monospace,monospace;letter-spacing:.1em}
pre{white-space:pre-wrap;word-break:break-word;font:14px/1.5 ui-monospace,monospace;background:#f6f7f9;padding:8px;border-radius:4px}
a{color:#0b57d0}.empty{color:#555}
</style></head>
<body><main><h1>${title}</h1>
<p class="meta">${messages.length} message${messages.length === 1 ? '' : 's'}, newest first. JSON: <a href="/inbox/api/messages${to ? `?to=${encodeURIComponent(to)}` : ''}">/inbox/api/messages</a></p>
${list}
</main></body></html>`;
}

/** One message as its reader sees it: an email's own HTML, else its text. */
export function renderMessage(m: StoredMessage): string {
  if (m.body_html) return m.body_html;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(m.subject || 'SMS')} · Sheaf stack</title></head>
<body><main><h1>${escape(m.subject || 'SMS')}</h1><pre>${linkify(m.body_text)}</pre></main></body></html>`;
}

export function renderMissing(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>No such message · Sheaf stack</title></head>
<body><main><h1>No such message</h1><p><a href="/inbox">Back to the inbox</a></p></main></body></html>`;
}
