// The broadcast API, for senders without a socket: `POST /api/broadcast` (a batch, as
// realtime-js's send() falls back to) and `POST /api/broadcast/:topic/events/:event` (one message,
// JSON or binary, as httpSend() sends). The route's guard (routes.ts) resolved the caller: the
// bearer token, else the API key.
// Private messages need the write policy: a batch skips refused topics, a single message is 403.
// The project's message rate applies to the caller's share of it (429 beyond).
import { z } from 'zod';
import type { RouteCall } from '../../context/route.ts';
import type { RealtimeDeps } from '../deps.ts';
import { httpError, validationError } from '../errors.ts';
import type { JsonObject } from '../protocol/frames.ts';
import type { Identity } from '../access/token.ts';
import { senderOf } from '../limits/limits.ts';
import { broadcast, type BroadcastBody } from './send.ts';

const blankOrInvalid = (input: unknown) =>
  input === undefined || input === null || input === '' ? "can't be blank" : 'is invalid';

const messageSchema = z.object({
  topic: z.string({ error: (i) => blankOrInvalid(i.input) }).min(1, "can't be blank"),
  event: z.string({ error: (i) => blankOrInvalid(i.input) }).min(1, "can't be blank"),
  payload: z.record(z.string(), z.unknown(), { error: (i) => blankOrInvalid(i.input) }),
  private: z.boolean({ error: 'is invalid' }).optional(),
  id: z.string({ error: 'is invalid' }).optional(),
});

type BatchMessage = z.infer<typeof messageSchema>;

async function mayWrite(deps: RealtimeDeps, request: Request, who: Identity, topic: string) {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (name.startsWith('x-')) headers[name] = value;
  });
  const decisions = await deps.store.writeDecisions(
    { role: who.role, claims: who.claims, headers, topic },
    ['broadcast'],
  );
  return decisions.broadcast === true;
}

export async function batchBroadcast(
  deps: RealtimeDeps,
  { request, access: who }: RouteCall<unknown, Identity>,
): Promise<Response> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return httpError('malformedBody');
  }
  const list = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(list)) return validationError({ messages: [blankOrInvalid(list)] });
  if (list.length === 0) return validationError({ messages: ["can't be blank"] });
  const messages: BatchMessage[] = [];
  const errors = list.map((item) => {
    const parsed = messageSchema.safeParse(item);
    const fieldErrors: Record<string, string[]> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        (fieldErrors[String(issue.path[0] ?? 'message')] ??= []).push(issue.message);
    else if (Buffer.byteLength(JSON.stringify(parsed.data.payload)) > deps.limits.maxPayloadBytes)
      fieldErrors.payload = ['Payload size exceeds tenant limit'];
    else messages.push(parsed.data);
    return fieldErrors;
  });
  if (messages.length !== list.length) return validationError({ messages: errors });
  const { limits } = deps;
  const sender = senderOf(who.claims, `api:${who.role}`);
  if (limits.refuses('events', sender)) return httpError('rateLimited');
  if (limits.senderAvg('events', sender) + messages.length > limits.config.maxEventsPerSecond)
    return httpError('batchTooLarge');

  const allowed = new Map<string, boolean>();
  for (const message of messages) {
    const isPrivate = message.private === true;
    if (isPrivate) {
      if (!allowed.has(message.topic))
        allowed.set(
          message.topic,
          await mayWrite(deps, request, who, message.topic).catch(() => false),
        );
      if (!allowed.get(message.topic)) continue;
    }
    const payload: JsonObject = {
      payload: message.payload as JsonObject,
      event: message.event,
      type: 'broadcast',
      ...(message.id ? { meta: { id: message.id } } : {}),
    };
    limits.count('events', sender);
    broadcast(
      deps,
      { private: isPrivate, subTopic: message.topic },
      { kind: 'json', payload },
      sender,
    );
  }
  return new Response(null, { status: 202 });
}

export async function singleBroadcast(
  deps: RealtimeDeps,
  {
    request,
    params: { topic, event },
    access: who,
  }: RouteCall<{ topic: string; event: string }, Identity>,
): Promise<Response> {
  // The route's guard let only JSON and bytes through.
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  const isPrivate = new URL(request.url).searchParams.get('private') === 'true';
  let body: BroadcastBody;
  if (type === 'application/octet-stream') {
    body = {
      kind: 'user',
      event,
      encoding: 'binary',
      body: Buffer.from(await request.arrayBuffer()),
    };
  } else {
    const text = await request.text();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return text.trim() === ''
        ? validationError({ payload: ["can't be blank"] })
        : httpError('malformedBody');
    }
    if (value === null) return validationError({ payload: ["can't be blank"] });
    body = { kind: 'user', event, encoding: 'json', body: Buffer.from(JSON.stringify(value)) };
  }
  if (body.body.length > deps.limits.maxPayloadBytes)
    return validationError({ payload: ['Payload size exceeds tenant limit'] });
  const sender = senderOf(who.claims, `api:${who.role}`);
  if (deps.limits.refuses('events', sender)) return httpError('rateLimited');
  if (isPrivate) {
    let allowed: boolean;
    try {
      allowed = await mayWrite(deps, request, who, topic);
    } catch (error) {
      deps.log.warn(`RlsPolicyError: ${(error as Error).message}`);
      return httpError('policyError');
    }
    if (!allowed) return httpError('forbidden');
  }
  deps.limits.count('events', sender);
  broadcast(deps, { private: isPrivate, subTopic: topic }, body, sender);
  return new Response(null, { status: 202 });
}
