// Sheaf's own emails (Auth sends the account emails; this sends the rest, such as "a notebook was
// shared with you"). Hosted Supabase has no mail API for functions, so the transport is an HTTP
// mail API in the shape of Resend's `POST /emails`, configured by three variables:
//
//   SHEAF_MAIL_URL   the API's URL. A path (e.g. "/inbox/api/send") is taken relative to
//                    SUPABASE_URL: the local stack's inbox accepts the same body there.
//   SHEAF_MAIL_KEY   its API key, sent as a Bearer token. For a path relative to SUPABASE_URL
//                    the project's service key is used when this is unset.
//   SHEAF_MAIL_FROM  the sender, e.g. "Sheaf <hello@example.com>".
//
// Locally config.toml's [edge_runtime.secrets] points SHEAF_MAIL_URL at the stack's inbox; on a
// hosted project set all three with `supabase secrets set`. Without SHEAF_MAIL_URL nothing is
// sent and callers learn it from the false result (a share still succeeds).

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the mail is for (shown as its kind in the local inbox). */
  category: string;
}

const TIMEOUT_MS = 10_000;

function transport(): { url: string; key: string | undefined } | null {
  const configured = Deno.env.get('SHEAF_MAIL_URL')?.trim();
  if (!configured) return null;
  const base = Deno.env.get('SUPABASE_URL') ?? '';
  if (configured.startsWith('/'))
    return {
      url: new URL(configured, base).toString(),
      key: Deno.env.get('SHEAF_MAIL_KEY') || Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'),
    };
  return { url: configured, key: Deno.env.get('SHEAF_MAIL_KEY') };
}

/** Sends one email; true when the mail API accepted it. Failures are logged, never thrown. */
export async function sendMail(mail: Mail): Promise<boolean> {
  const target = transport();
  if (!target) {
    console.warn(`SHEAF_MAIL_URL is not set: no "${mail.category}" email to ${mail.to}`);
    return false;
  }
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(target.key ? { Authorization: `Bearer ${target.key}` } : {}),
      },
      body: JSON.stringify({
        from: Deno.env.get('SHEAF_MAIL_FROM') || 'Sheaf <no-reply@sheaf.local>',
        to: [mail.to],
        subject: mail.subject.replace(/[\r\n]+/g, ' '),
        html: mail.html,
        text: mail.text,
        tags: [{ name: 'category', value: mail.category }],
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) {
      await response.body?.cancel();
      return true;
    }
    console.warn(`mail API answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  } catch (error) {
    console.warn(`mail API unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  return false;
}

/** Escapes text for an HTML email body. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}
