// Playwright helpers for what passes between a page and the network: holding a page's requests
// until a test lets them through, waiting for a WebSocket frame the page receives, and losing
// the connection the way a network does.
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';

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

/**
 * A switch that takes a browser context off the network as a lost connection does. Playwright's
 * setOffline fails requests but leaves open WebSockets sending and receiving (playwright#4910),
 * so a page "offline" would still exchange live edits. Here every WebSocket of the context goes
 * through Playwright from now on (open the page after this): going offline drops the open ones
 * and refuses new ones until the switch is turned back on.
 */
export async function connection(context: BrowserContext) {
  let offline = false;
  const lost = { code: 1006, reason: 'offline' };
  const open = new Map<WebSocketRoute, WebSocketRoute>(); // the page's side → the server's
  await context.routeWebSocket(/.*/, async (pageSide) => {
    if (offline) return pageSide.close(lost);
    const serverSide = pageSide.connectToServer();
    open.set(pageSide, serverSide);
    // With a handler of its own, a close is no longer passed to the other side: pass it on.
    pageSide.onClose(async (code, reason) => {
      open.delete(pageSide);
      await serverSide.close({ code, reason });
    });
  });
  return {
    async offline() {
      offline = true;
      await context.setOffline(true);
      const sockets = [...open];
      open.clear();
      await Promise.all(
        sockets.map(([pageSide, serverSide]) =>
          Promise.all([pageSide.close(lost), serverSide.close()]),
        ),
      );
    },
    async online() {
      offline = false;
      await context.setOffline(false);
    },
  };
}
