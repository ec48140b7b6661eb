// notify-email: drains the queue of mentions and replies not yet emailed (the database queues
// them: public.notifications with emailed_at null) through the same mail path as share emails.
// Anyone signed in may ask for a drain (the app does after someone inserts a mention); it sends
// only what is due, each email once (claim_notification_emails marks the rows it returns).
// With { digest: true } — the service key only, run once a day by a schedule on hosted
// projects — people whose setting is 'daily' get one email with everything collected since.
//
// POST { digest?: boolean }
//   200 { sent: number, failed: number }
//   4xx { error: { code, message } }
import { adminClient, callerOf } from '../_shared/clients.ts';
import { HttpError, json, readJsonObject, serve } from '../_shared/http.ts';
import { sendMail } from '../_shared/mail.ts';
import { digestMail, notificationMail, type QueuedNotification } from './notification-mail.ts';

/** True for the project's service key (a legacy JWT with role service_role, or sb_secret_…). */
function isServiceKey(req: Request): boolean {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1]?.trim();
  if (!token) return false;
  const service = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (service && token === service) return true;
  const secrets = JSON.parse(Deno.env.get('SUPABASE_SECRET_KEYS') ?? '{}') as Record<
    string,
    string
  >;
  return Object.values(secrets).includes(token);
}

function groupByPerson(items: QueuedNotification[]): QueuedNotification[][] {
  const groups = new Map<string, QueuedNotification[]>();
  for (const item of items) {
    const group = groups.get(item.user_id) ?? [];
    group.push(item);
    groups.set(item.user_id, group);
  }
  return [...groups.values()];
}

serve(['POST'], async (req) => {
  const service = isServiceKey(req);
  if (!service) await callerOf(req);
  const body = await readJsonObject(req);
  const digest = body.digest === true;
  if (digest && !service)
    throw new HttpError(403, 'service_key_required', 'Only the scheduled digest can send digests.');

  const admin = adminClient();
  const { data, error } = await admin.rpc('claim_notification_emails', { p_digest: digest });
  if (error) throw new Error(`claim_notification_emails: ${error.message}`);
  const items = (data ?? []) as QueuedNotification[];
  const batches = digest ? groupByPerson(items) : items.map((item) => [item]);

  let sent = 0;
  const failedIds: string[] = [];
  for (const batch of batches) {
    const ok = await sendMail(digest ? digestMail(batch) : notificationMail(batch[0]!));
    if (ok) sent += 1;
    else failedIds.push(...batch.map((n) => n.id));
  }
  if (failedIds.length > 0) {
    const { error: releaseError } = await admin.rpc('release_notification_emails', {
      p_ids: failedIds,
    });
    if (releaseError) console.warn(`release_notification_emails: ${releaseError.message}`);
  }
  return json({ sent, failed: batches.length - sent });
});
