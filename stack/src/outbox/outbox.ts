// The outbox port: what the services send (emails and SMS) and what the inbox shows. The store
// (store.ts) keeps every message in sheaf_stack.outbox_messages.
import type { Queryable } from '../db/adapter.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  text: string;
  html?: string;
  /** The one-time code in the message, when there is one. */
  code?: string;
  /** The action link in the message, when there is one. */
  link?: string;
  /** What the message is for: confirmation, magiclink, recovery, invite, email_change, … */
  kind: string;
}

export interface StoredMessage {
  id: number;
  created_at: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  code: string | null;
  link: string | null;
  kind: string;
}

export interface Outbox {
  /** Stores the message (in tx when given, so it is kept only if the work commits). */
  send(message: OutgoingMessage, tx?: Queryable): Promise<void>;
  list(filter: { to?: string; limit?: number }): Promise<StoredMessage[]>;
  /** One message by its id (undefined when there is none). */
  get(id: number): Promise<StoredMessage | undefined>;
  clear(): Promise<void>;
}
