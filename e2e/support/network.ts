// Playwright helpers for what passes between a page and the network: holding a page's requests
// until a test lets them through, and waiting for a WebSocket frame the page receives.
import type { Page } from 'playwright-core';

/** Holds the page's requests to `url` until release() (then lets them all through). */
export async function hold(page: Page, url: string) {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  await page.route(url, async (route) => {
    await opened;
    await route.continue();
  });
  return {
    release: () => open(),
  };
}

/** The WebSocket frames a page receives from now on, to wait for one. */
export function framesTo(page: Page) {
  type Frame = { text: string; bytes: Buffer; binary: boolean };
  const seen: Frame[] = [];
  const waiting = new Set<() => void>();
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const binary = typeof payload !== 'string';
      const bytes = binary ? payload : Buffer.from(payload);
      seen.push({ text: bytes.toString('latin1'), bytes, binary });
      for (const wake of waiting) wake();
    }),
  );
  return {
    count: () => seen.length,
    /** Resolves once a frame received after the first `from` matches. */
    until(match: (frame: Frame) => boolean, from = 0): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (!seen.slice(from).some(match)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      });
    },
  };
}
