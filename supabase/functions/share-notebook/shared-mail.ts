// The email an existing account gets when a notebook is shared with it: who shared which
// notebook, what they may do there, and a link to open it (SHEAF_APP_URL, the app's address).
import { escapeHtml, type Mail } from '../_shared/mail.ts';

interface SharedWithYou {
  to: string;
  notebook: { id: string; name: string };
  sharedBy: string;
  role: 'editor' | 'commenter' | 'viewer';
}

function appLink(notebookId: string): string | null {
  const base = Deno.env.get('SHEAF_APP_URL')?.trim();
  if (!base) return null;
  try {
    return new URL(`/n/${notebookId}`, base).toString();
  } catch {
    return null;
  }
}

export function sharedWithYouMail({ to, notebook, sharedBy, role }: SharedWithYou): Mail {
  const can =
    role === 'editor'
      ? 'read and edit its notes and files'
      : role === 'commenter'
        ? 'read and comment on its notes'
        : 'read its notes and files';
  const link = appLink(notebook.id);
  const name = escapeHtml(notebook.name);
  const who = escapeHtml(sharedBy);
  const html = `<!doctype html>
<html lang="en"><body style="font-family: system-ui, sans-serif; color: #1c1e21; line-height: 1.5">
<p style="font-weight: 600; color: #2f6f4f">Sheaf</p>
<h1 style="font-size: 20px">${who} shared “${name}” with you</h1>
<p>You can now ${can} in Sheaf, the notes app you already use.</p>
${link ? `<p><a href="${escapeHtml(link)}">Open “${name}”</a></p>` : '<p>Open Sheaf and find it under your notebooks.</p>'}
<p style="color: #555; font-size: 14px">You get this email because ${who} added your address to one of their notebooks. If you do not want it, leave the notebook from its sharing panel.</p>
</body></html>`;
  const text = [
    `${sharedBy} shared “${notebook.name}” with you on Sheaf.`,
    '',
    `You can now ${can}.`,
    link ? `Open it: ${link}` : 'Open Sheaf and find it under your notebooks.',
    '',
    `You get this email because ${sharedBy} added your address to one of their notebooks. If you do not want it, leave the notebook from its sharing panel.`,
  ].join('\n');
  return {
    to,
    subject: `${sharedBy} shared “${notebook.name}” with you on Sheaf`,
    html,
    text,
    category: 'notebook_shared',
  };
}
