// Database Webhooks without pg_net: supabase_functions.http_request() (bootstrap/25-supabase.sql)
// queues each request in sheaf_stack.webhook_requests and announces it on `sheaf_webhooks`; this
// sends it, once, as pg_net would (JSON body, the trigger's headers and query parameters, its
// timeout), and records the status or error. Requests queued while the stack was down or the
// connection was lost are sent when it is back.
import type { Database } from './adapter.ts';
import type { Logger } from '../lib/log.ts';

interface WebhookRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  params: Record<string, string>;
  body: unknown;
  timeout_ms: number;
}

/** Claims a queued request (so it is sent once) and returns it. */
const CLAIM = `
  update sheaf_stack.webhook_requests set sent_at = now()
   where id = (select id from sheaf_stack.webhook_requests
                where sent_at is null and ($1::bigint is null or id = $1::bigint)
                order by id limit 1 for update skip locked)
  returning id, method, url, headers, params, body, timeout_ms`;

async function send(request: WebhookRequest): Promise<{ status?: number; error?: string }> {
  try {
    const url = new URL(request.url);
    for (const [k, v] of Object.entries(request.params)) url.searchParams.set(k, String(v));
    const response = await fetch(url, {
      method: request.method,
      headers: { 'Content-Type': 'application/json', ...request.headers },
      body: request.method === 'POST' ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(request.timeout_ms),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Starts delivering queued webhook requests; returns the function that stops it. */
export async function startWebhookDelivery(
  db: Database,
  log: Logger,
): Promise<() => Promise<void>> {
  let stopped = false;
  let draining: Promise<void> | undefined;
  const deliver = async (id: string | null) => {
    for (;;) {
      if (stopped) return;
      const claimed = await db.query<WebhookRequest>(CLAIM, [id]);
      const request = claimed.rows[0];
      if (!request) return;
      const outcome = await send(request);
      if (outcome.error) log.warn(`webhook ${request.method} ${request.url}: ${outcome.error}`);
      await db.query(
        'update sheaf_stack.webhook_requests set status_code = $2, error = $3 where id = $1',
        [request.id, outcome.status ?? null, outcome.error ?? null],
      );
      if (id !== null) return;
    }
  };
  const drain = () => {
    draining ??= deliver(null)
      .catch((error: unknown) => log.warn(`webhooks: ${(error as Error).message}`))
      .finally(() => {
        draining = undefined;
      });
    return draining;
  };
  const unlisten = await db.listen(
    'sheaf_webhooks',
    (payload) => {
      void deliver(/^\d+$/.test(payload) ? payload : null).catch(() => drain());
    },
    { onReconnect: () => void drain() },
  );
  void drain();
  return async () => {
    stopped = true;
    await unlisten();
    await draining;
  };
}
