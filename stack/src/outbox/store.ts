// The outbox store: every email and SMS the stack sends lands in sheaf_stack.outbox_messages,
// and is delivered by SMTP too when `[auth.email.smtp]` is configured.
import type { Database } from '../db/adapter.ts';
import type { Config } from '../config/config.ts';
import type { Logger } from '../lib/log.ts';
import type { Outbox, StoredMessage } from './outbox.ts';
import { createSmtpSender } from './smtp.ts';

const COLUMNS = `id::int as id,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
  channel, recipient, subject, body_text, body_html, code, link, kind`;

export function createOutbox(db: Database, config: Config, log: Logger): Outbox {
  const smtp = config.auth.email.smtp ? createSmtpSender(config.auth.email.smtp) : undefined;
  return {
    async send(m, tx) {
      await (tx ?? db).query(
        `insert into sheaf_stack.outbox_messages (channel, recipient, subject, body_text, body_html, code, link, kind)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          m.channel,
          m.recipient,
          m.subject ?? '',
          m.text,
          m.html ?? null,
          m.code ?? null,
          m.link ?? null,
          m.kind,
        ],
      );
      if (smtp && m.channel === 'email')
        smtp(m).catch((error: unknown) =>
          log.error(`SMTP delivery to ${m.recipient} failed`, error),
        );
    },
    async list({ to, limit = 100 }) {
      const { rows } = await db.query<StoredMessage>(
        `select ${COLUMNS} from sheaf_stack.outbox_messages
         where ($1::text is null or lower(recipient) = lower($1)
           or (channel = 'sms' and recipient = regexp_replace($1, '[[:space:]+()-]', '', 'g')))
         order by id desc limit $2`,
        [to ?? null, Math.min(Math.max(1, limit), 1000)],
      );
      return rows;
    },
    async get(id) {
      const { rows } = await db.query<StoredMessage>(
        `select ${COLUMNS} from sheaf_stack.outbox_messages where id = $1`,
        [id],
      );
      return rows[0];
    },
    async clear() {
      await db.query('delete from sheaf_stack.outbox_messages');
    },
  };
}
