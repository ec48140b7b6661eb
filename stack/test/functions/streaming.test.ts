import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { callFunction, service, startFunctionsStack } from './helpers.ts';

describe.each(DRIVERS)('streaming through edge functions on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startFunctionsStack(driver);
  });
  afterAll(() => stack?.close());

  it('delivers response chunks while the function is still writing', async () => {
    const { data, error } = await service(stack).functions.invoke<Response>('stream/events?id=a', {
      method: 'GET',
    });
    expect(error).toBeNull();
    // text/event-stream: supabase-js hands back the Response unread.
    const reader = data!.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe('data: first\n\n');
    // The function only sends the rest once released by a second request.
    const release = await callFunction(stack, 'stream/release?id=a', { method: 'POST' });
    expect(await release.json()).toEqual({ released: true });
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value);
    }
    expect(rest).toBe('data: second\n\n');
  });

  it('streams a large request body into the function', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(97);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 80) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await callFunction(stack, 'upload', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/octet-stream' },
      duplex: 'half',
    } as RequestInit & { headers: Record<string, string> });
    expect(res.status).toBe(200);
    const report = (await res.json()) as { bytes: number; chunks: number; first: string };
    expect(report.bytes).toBe(80 * 64 * 1024);
    expect(report.chunks).toBeGreaterThan(1);
    expect(report.first).toBe('a'.repeat(16));
  });

  it('takes a Blob body from supabase.functions.invoke', async () => {
    const { data, error } = await service(stack).functions.invoke('upload', {
      body: new Blob(['hello blob']),
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ bytes: 10, first: 'hello blob' });
  });
});
