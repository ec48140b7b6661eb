// POST /inbox/api/send: lets the project's Edge Functions send an email into the local inbox, in
// the JSON shape of Resend's `POST /emails` (the mail API Supabase's guides use from functions):
// { from, to: string | string[], subject, html?, text?, tags?: [{ name, value }] }. A function
// that posts this body to a mail API on hosted Supabase posts the same body here locally.
// Only the project's service key (legacy service_role JWT or sb_secret_…) may send, as a Bearer
// token: any other caller could fill the developer's inbox with look-alike messages.
import { z } from 'zod';
import { bearerToken } from '../context/caller.ts';
import type { StackContext } from '../context/context.ts';
import type { Guard } from '../context/route.ts';
import { htmlToText } from '../outbox/templates.ts';

/** The bare address of `Name <a@b>` or `a@b`. */
function bare(address: string): string {
  return /<([^>]+)>\s*$/.exec(address)?.[1]?.trim() ?? address.trim();
}

const Address = z
  .string()
  .max(400)
  .refine((value) => /^[^\s@<>]+@[^\s@<>]+$/.test(bare(value)), 'not an email address');

const SendBody = z.object({
  from: z.string().max(400).optional(),
  to: z.union([Address, z.array(Address).min(1).max(50)]),
  subject: z.string().max(998),
  html: z.string().max(1_000_000).optional(),
  text: z.string().max(1_000_000).optional(),
  tags: z.array(z.object({ name: z.string().max(256), value: z.string().max(256) })).optional(),
});

function problem(status: 400 | 401 | 403 | 422, name: string, message: string): Response {
  return Response.json({ statusCode: status, name, message }, { status });
}

export type Refusal = 'missing' | 'not-service-key';

/** The guard: the project's service key itself as the bearer token. */
export const serviceKey: Guard<StackContext, undefined, Refusal> = {
  name: "the project's service key as the bearer token",
  check(ctx, incoming) {
    const token = bearerToken(incoming);
    if (!token) return { ok: false, failure: 'missing' };
    // Exactly one of the project's keys: a signed-in user's token is never a key to the inbox.
    if (ctx.keys.identifyApiKey(token)?.role !== 'service_role')
      return { ok: false, failure: 'not-service-key' };
    return { ok: true, value: undefined };
  },
};

/** A refused sender, in the send API's (Resend's) error shape. */
export function refusal(failure: Refusal): Response {
  return failure === 'missing'
    ? problem(401, 'missing_api_key', 'Missing API key in the authorization header.')
    : problem(403, 'invalid_api_key', "Only the project's service key can send mail.");
}

/** Sends the body's email into the outbox, one message per recipient. */
export async function sendMail(
  ctx: StackContext,
  { request }: { request: Request },
): Promise<Response> {
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    return problem(400, 'validation_error', 'The body must be JSON.');
  }
  const parsed = SendBody.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.join('.') || 'body';
    return problem(422, 'validation_error', `Invalid \`${where}\`: ${issue.message}`);
  }
  const mail = parsed.data;
  if (!mail.html && !mail.text)
    return problem(422, 'validation_error', 'Missing `html` or `text` field.');
  const kind = mail.tags?.find((t) => t.name === 'category')?.value || 'function';
  const subject = mail.subject.replace(/[\r\n]+/g, ' ');
  const ids: string[] = [];
  for (const to of [mail.to].flat()) {
    await ctx.outbox.send({
      channel: 'email',
      recipient: bare(to),
      subject,
      html: mail.html,
      text: mail.text ?? htmlToText(mail.html ?? ''),
      link: /href="(https?:\/\/[^"]+)"/.exec(mail.html ?? '')?.[1],
      kind,
    });
    ids.push(crypto.randomUUID());
  }
  return Response.json({ id: ids[0] });
}
