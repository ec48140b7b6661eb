// The inbox: every email and SMS the stack sent, as a page for people (GET /inbox, newest
// first; GET /inbox/<id> shows one email as its reader would see it) and as JSON for tests
// (GET /inbox/api/messages?to=…; DELETE clears it). Edge Functions send their own mail in with
// POST /inbox/api/send (send-api.ts).
import type { StackContext } from '../context/context.ts';
import {
  open,
  route,
  routeTable,
  type Incoming,
  type Route,
  type Routes,
} from '../context/route.ts';
import { renderInbox, renderMessage, renderMissing } from './page.ts';
import type { StoredMessage } from '../outbox/outbox.ts';
import { refusal, sendMail, serviceKey, type Refusal } from './send-api.ts';

export function messageJson(m: StoredMessage) {
  return {
    id: m.id,
    created_at: m.created_at,
    channel: m.channel,
    kind: m.kind,
    to: m.recipient,
    subject: m.subject,
    text: m.body_text,
    html: m.body_html,
    code: m.code,
    link: m.link,
  };
}

const HTML = { 'Content-Type': 'text/html; charset=UTF-8' };

/** One email as its reader sees it: the HTML as sent, with no script, form or outside frame. */
const MESSAGE_HEADERS = {
  ...HTML,
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
};

/** The page of every message, newest first (`?to=` shows one recipient's). */
async function inboxPage({ outbox }: StackContext, { request }: Incoming): Promise<Response> {
  const to = new URL(request.url).searchParams.get('to') || undefined;
  return new Response(renderInbox(await outbox.list({ to, limit: 200 }), to), { headers: HTML });
}

/** The messages as JSON, for tests: `?to=` and `?limit=` (100 by default). */
async function listMessages({ outbox }: StackContext, { request }: Incoming): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const to = query.get('to') || undefined;
  const limit = Number(query.get('limit') ?? 100);
  const messages = await outbox.list({ to, limit: Number.isFinite(limit) ? limit : 100 });
  return Response.json({ messages: messages.map(messageJson) });
}

async function clearMessages({ outbox }: StackContext): Promise<Response> {
  await outbox.clear();
  return new Response(null, { status: 204 });
}

/** One message's page; a path that names no message is the "no such message" page. */
async function messagePage(
  { outbox }: StackContext,
  { params }: { params: { id: string } },
): Promise<Response> {
  const message = /^[0-9]+$/.test(params.id) ? await outbox.get(Number(params.id)) : undefined;
  if (!message) return new Response(renderMissing(), { status: 404, headers: HTML });
  return new Response(renderMessage(message), { headers: MESSAGE_HEADERS });
}

// The inbox's table, in the stack's one route shape (context/route.ts). The gateway serves
// /inbox only to this machine (gateway/local-only.ts); sending needs the service key too.
// prettier-ignore
export const ROUTES: Route<StackContext, Refusal>[] = [
  //     method    path             guard       handler
  route('GET',    '/',             open,       inboxPage),
  route('GET',    '/api/messages', open,       listMessages),
  route('DELETE', '/api/messages', open,       clearMessages),
  route('POST',   '/api/send',     serviceKey, sendMail),
  route('GET',    '/:id',          open,       messagePage),
];

export function createInboxService(ctx: StackContext): Routes {
  return routeTable(ctx, ROUTES, refusal);
}
