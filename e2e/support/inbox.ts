// Reads the stack's inbox JSON (GET /inbox/api/messages?to=…), waiting for a message to arrive.

export interface InboxMessage {
  id: number;
  created_at: string;
  channel: 'email' | 'sms';
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  code: string | null;
  link: string | null;
}

export async function listMessages(stackUrl: string, to: string): Promise<InboxMessage[]> {
  const response = await fetch(`${stackUrl}/inbox/api/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  const body = (await response.json()) as { messages: InboxMessage[] };
  return body.messages;
}

/** The newest message to `to` (any of them, e.g. a phone with and without "+") with an id above
 * `after` (and of `kind`, when given). */
export async function waitForMessage(
  stackUrl: string,
  to: string | string[],
  options: { after?: number; kind?: string; timeoutMs?: number } = {},
): Promise<InboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const lists = await Promise.all([to].flat().map((t) => listMessages(stackUrl, t)));
    const messages = lists.flat().sort((a, b) => b.id - a.id);
    const found = messages.find(
      (m) => m.id > (options.after ?? 0) && (!options.kind || m.kind === options.kind),
    );
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no ${options.kind ?? ''} message for ${String(to)} arrived in the inbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The highest message id so far, to wait for the next one after it. */
export async function lastMessageId(stackUrl: string, to: string | string[]): Promise<number> {
  const messages = (await Promise.all([to].flat().map((t) => listMessages(stackUrl, t)))).flat();
  return messages.reduce((max, m) => Math.max(max, m.id), 0);
}
