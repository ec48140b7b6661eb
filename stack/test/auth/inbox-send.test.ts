// POST /inbox/api/send: Edge Functions send their own mail into the local inbox with the body of
// Resend's POST /emails, authorised by the project's service key only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { inbox, uniqueEmail } from './helpers.ts';

describe.each(DRIVERS)('the inbox send API on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver });
  });
  afterAll(() => stack?.close());

  const send = (body: unknown, key?: string) =>
    fetch(`${stack.url}/inbox/api/send`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('stores a message sent with the service key, kind from its category tag', async () => {
    const to = uniqueEmail('sent');
    const res = await send(
      {
        from: 'Sheaf <hello@example.com>',
        to: [`Ada <${to}>`],
        subject: 'A notebook\r\nfor you',
        html: '<p>Open <a href="https://app.example.com/n/1">it</a> &amp; enjoy</p>',
        tags: [{ name: 'category', value: 'notebook_shared' }],
      },
      stack.keys.serviceRoleKey,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: expect.any(String) });
    const [message] = await inbox(stack, to);
    expect(message).toMatchObject({
      kind: 'notebook_shared',
      subject: 'A notebook for you',
      text: 'Open it: https://app.example.com/n/1 & enjoy',
      link: 'https://app.example.com/n/1',
    });
  });

  it('accepts the sb_secret key and plain text', async () => {
    const to = uniqueEmail('plain');
    const res = await send({ to, subject: 'Hi', text: 'Plain words' }, stack.keys.secretKey);
    expect(res.status).toBe(200);
    expect((await inbox(stack, to))[0]).toMatchObject({ kind: 'function', text: 'Plain words' });
  });

  it('refuses callers without the service key', async () => {
    const body = { to: uniqueEmail('nope'), subject: 'Hi', text: 'x' };
    expect((await send(body)).status).toBe(401);
    expect((await send(body, stack.keys.anonKey)).status).toBe(403);
    expect((await send(body, stack.keys.publishableKey)).status).toBe(403);
    expect((await send(body, 'not-a-key')).status).toBe(403);
  });

  it('answers 400 or 422 with a message for a bad body', async () => {
    const key = stack.keys.serviceRoleKey;
    expect((await send('{nope', key)).status).toBe(400);
    const noTo = await send({ subject: 'Hi', text: 'x' }, key);
    expect(noTo.status).toBe(422);
    expect(((await noTo.json()) as { message: string }).message).toContain('`to`');
    expect((await send({ to: uniqueEmail(), subject: 'Hi' }, key)).status).toBe(422);
    expect((await send({ to: 'not an address', subject: 'Hi', text: 'x' }, key)).status).toBe(422);
  });
});
