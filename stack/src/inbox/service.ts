// The inbox: every email and SMS the stack sent, as a page for people (GET /inbox, newest
// first; GET /inbox/<id> shows one email as its reader would see it) and as JSON for tests (GET /inbox/api/messages?to=…; DELETE clears it). Edge Functions
// send their own mail in with POST /inbox/api/send (send-api.ts).
import { Hono } from 'hono';
import type { ServiceEnv, StackContext } from '../context/context.ts';
import { mountRoutes } from '../context/route.ts';
import { renderInbox, renderMessage, renderMissing } from './page.ts';
import type { StoredMessage } from '../outbox/outbox.ts';
import { SEND_ROUTE, refusal } from './send-api.ts';

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

export function createInboxService(ctx: StackContext): Hono<ServiceEnv> {
  const { outbox } = ctx;
  const app = new Hono<ServiceEnv>();
  app.get('/', async (c) => {
    const to = c.req.query('to') || undefined;
    return c.html(renderInbox(await outbox.list({ to, limit: 200 }), to));
  });
  app.get('/api/messages', async (c) => {
    const to = c.req.query('to') || undefined;
    const limit = Number(c.req.query('limit') ?? 100);
    const messages = await outbox.list({ to, limit: Number.isFinite(limit) ? limit : 100 });
    return c.json({ messages: messages.map(messageJson) });
  });
  // One email as its reader sees it: the HTML as sent, with no script, form or outside frame.
  app.get('/:id{[0-9]+}', async (c) => {
    const message = await outbox.get(Number(c.req.param('id')));
    if (!message) return c.html(renderMissing(), 404);
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(renderMessage(message));
  });
  mountRoutes(app, ctx, [SEND_ROUTE], refusal);
  app.delete('/api/messages', async (c) => {
    await outbox.clear();
    return c.body(null, 204);
  });
  return app;
}
