import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { client, inbox, uniqueEmail } from './helpers.ts';

describe.each(DRIVERS)('inbox on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      config: '[auth.email]\nenable_confirmations = true\n[auth.rate_limit]\nemail_sent = 100\n',
    });
  });
  afterAll(() => stack?.close());

  it('shows every message newest first as HTML with working links and the code', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second<b>');
    await client(stack).auth.signUp({ email: first, password: 'secret-password' });
    await client(stack).auth.resetPasswordForEmail(first);
    await client(stack).auth.signUp({
      email: second.replace('<b>', ''),
      password: 'secret-password',
    });
    const res = await fetch(`${stack.url}/inbox`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const [m] = await inbox(stack, first);
    expect(html.indexOf(second.replace('<b>', ''))).toBeLessThan(html.indexOf(first));
    expect(html).toContain('Confirm Your Signup');
    expect(html).toContain(`<strong>${m!.code}</strong>`);
    expect(html).toContain(`href="${m!.link!.replace(/&/g, '&#38;')}"`);
    const filtered = await (
      await fetch(`${stack.url}/inbox?to=${encodeURIComponent(first)}`)
    ).text();
    expect(filtered).not.toContain(second.replace('<b>', ''));
  });

  it('serves messages as JSON filtered by recipient, and clears them', async () => {
    const email = uniqueEmail('json');
    await client(stack).auth.signUp({ email, password: 'secret-password' });
    const res = await fetch(
      `${stack.url}/inbox/api/messages?to=${encodeURIComponent(email.toUpperCase())}`,
    );
    const { messages } = (await res.json()) as {
      messages: { to: string; kind: string; html: string }[];
    };
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: email, kind: 'confirmation', channel: 'email' });
    expect(messages[0]!.html).toContain('Confirm your mail');
    await fetch(`${stack.url}/inbox/api/messages`, { method: 'DELETE' });
    expect(await inbox(stack, email)).toEqual([]);
  });
});
