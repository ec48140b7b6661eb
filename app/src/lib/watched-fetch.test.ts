import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchedFetch, watchResponse } from './watched-fetch.ts';

function watcher() {
  return { answered: vi.fn(), failed: vi.fn() };
}

/** A transport that never answers, but gives up when its signal is aborted (as fetch does). */
const hanging: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
  });

describe('watchedFetch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports an answer, even an error status that is not a gateway error', async () => {
    const w = watcher();
    const send = vi.fn(async () => new Response('{}', { status: 404 }));
    const response = await watchedFetch(send, { watcher: w })('https://x.test/rest/v1/a');
    expect(response.status).toBe(404);
    expect(w.answered).toHaveBeenCalledTimes(1);
    expect(w.failed).not.toHaveBeenCalled();
  });

  it.each([502, 503, 504])(
    'reports a gateway error (%i) as the server not answering',
    async (status) => {
      const w = watcher();
      const send = async () => new Response('', { status });
      const response = await watchedFetch(send, { watcher: w })('https://x.test/');
      expect(response.status).toBe(status);
      expect(w.failed).toHaveBeenCalledTimes(1);
    },
  );

  it('reports a failure at the network level and passes the error on', async () => {
    const w = watcher();
    const send = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(watchedFetch(send, { watcher: w })('https://x.test/')).rejects.toThrow(
      'Failed to fetch',
    );
    expect(w.failed).toHaveBeenCalledTimes(1);
  });

  it('gives up on a request that gets no answer in time, as a timeout', async () => {
    vi.useFakeTimers();
    const w = watcher();
    const request = watchedFetch(hanging, { watcher: w, timeoutMs: 5000 })('https://x.test/');
    const settled = expect(request).rejects.toMatchObject({ name: 'TimeoutError' });
    await vi.advanceTimersByTimeAsync(5000);
    await settled;
    expect(w.failed).toHaveBeenCalledTimes(1);
  });

  it('says nothing of the server when the caller gives up', async () => {
    const w = watcher();
    const caller = new AbortController();
    const request = watchedFetch(hanging, { watcher: w })('https://x.test/', {
      signal: caller.signal,
    });
    caller.abort(new DOMException('left the page', 'AbortError'));
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(w.failed).not.toHaveBeenCalled();
    expect(w.answered).not.toHaveBeenCalled();
  });

  it('does not time an upload, nor an answer whose body is still coming', async () => {
    vi.useFakeTimers();
    const w = watcher();
    let seen: AbortSignal | undefined;
    const send: typeof fetch = async (_input, init) => {
      seen = init?.signal ?? undefined;
      return new Response('ok');
    };
    await watchedFetch(send, { watcher: w, timeoutMs: 1000 })('https://x.test/', {
      method: 'POST',
      body: new Blob(['bytes']),
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen?.aborted).toBe(false);
    await watchedFetch(send, { watcher: w, timeoutMs: 1000 })('https://x.test/');
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen?.aborted).toBe(false);
  });
});

describe('watchResponse', () => {
  it('reports the answer of a request started elsewhere', async () => {
    const w = watcher();
    await watchResponse(Promise.resolve(new Response('[]')), { watcher: w });
    expect(w.answered).toHaveBeenCalledTimes(1);
    await expect(
      watchResponse(Promise.reject(new TypeError('Failed to fetch')), { watcher: w }),
    ).rejects.toThrow();
    expect(w.failed).toHaveBeenCalledTimes(1);
  });

  it('gives up on one that hangs', async () => {
    vi.useFakeTimers();
    const w = watcher();
    const request = watchResponse(new Promise<Response>(() => undefined), {
      watcher: w,
      timeoutMs: 3000,
    });
    const settled = expect(request).rejects.toMatchObject({ name: 'TimeoutError' });
    await vi.advanceTimersByTimeAsync(3000);
    await settled;
    expect(w.failed).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
