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

  it('shows one email as its reader sees it, its own HTML without scripts or forms', async () => {
    const email = uniqueEmail('view');
    await client(stack).auth.signUp({ email, password: 'secret-password' });
    const [m] = await inbox(stack, email);
    const page = await (await fetch(`${stack.url}/inbox?to=${encodeURIComponent(email)}`)).text();
    expect(page).toContain(`<a class="action" href="/inbox/${m!.id}">View the email</a>`);
    const res = await fetch(`${stack.url}/inbox/${m!.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-security-policy')).toContain("form-action 'none'");
    expect(await res.text()).toBe(m!.html);
    const missing = await fetch(`${stack.url}/inbox/999999999`);
    expect(missing.status).toBe(404);
    // A path that names no message at all is the same page, not the API's JSON.
    for (const path of ['/inbox/abc', '/inbox/1e3']) {
      const none = await fetch(`${stack.url}${path}`);
      expect([none.status, none.headers.get('content-type')]).toEqual([
        404,
        'text/html; charset=UTF-8',
      ]);
    }
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

describe('SMTP delivery', () => {
  it('also sends emails through [auth.email.smtp] when configured', async () => {
    const { createServer } = await import('node:net');
    const received: string[] = [];
    const server = createServer((socket) => {
      let data = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString();
        let index: number;
        while ((index = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          if (data) {
            if (line === '.') {
              data = false;
              socket.write('250 queued\r\n');
            } else received.push(line);
          } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
          else if (/^DATA/i.test(line)) {
            data = true;
            socket.write('354 go\r\n');
          } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const stack = await startTestStack({
      driver: 'pglite',
      config: `[auth.email]\nenable_confirmations = true\n[auth.email.smtp]\nhost = "127.0.0.1"\nport = ${port}\nadmin_email = "noreply@sheaf.test"\nsender_name = "Sheaf"\n`,
    });
    try {
      const email = uniqueEmail('smtp');
      await client(stack).auth.signUp({ email, password: 'secret-password' });
      const [stored] = await inbox(stack, email);
      expect(stored).toBeDefined();
      for (let i = 0; i < 50 && !received.some((l) => l.includes(stored!.code!)); i++)
        await new Promise((r) => setTimeout(r, 100));
      const text = received.join('\n');
      expect(text).toContain(`To: ${email}`);
      expect(text).toContain('Subject: Confirm Your Signup');
      expect(text).toContain(stored!.code!);
    } finally {
      await stack.close();
      server.close();
    }
  });
});
