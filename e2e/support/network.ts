// Playwright helpers for what passes between a page and the network: holding a page's requests
// until a test lets them through, waiting for a WebSocket frame the page receives, and losing
// the connection the way a network does.
import type { BrowserContext, Page, Route, WebSocketRoute } from 'playwright-core';

/** Holds the page's requests to `url` until release() (then lets them all through). The app's
 * service worker answers its own files from its cache, where no route sees them: it is
 * unregistered first, so from the page's next navigation on they come from the network. */
export async function hold(page: Page, url: string | RegExp) {
  await page.evaluate(async () => {
    // A blank page has no workers (nor, in some browsers, the API).
    const registrations = await navigator.serviceWorker?.getRegistrations().catch(() => []);
    await Promise.all((registrations ?? []).map((r) => r.unregister()));
  });
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

/** How a server that stops answering behaves: refusing connections (a restart), or taking
 * them and never answering (Wi-Fi without internet, a server stuck). */
export type Unreachable = 'refuse' | 'hang';

/**
 * A switch that takes a browser context off the network as a lost connection does. Playwright's
 * setOffline fails requests but leaves open WebSockets sending and receiving (playwright#4910),
 * so a page "offline" would still exchange live edits. Here every WebSocket of the context goes
 * through Playwright from now on (open the page after this): going offline drops the open ones
 * and refuses new ones until the switch is turned back on.
 *
 * With `server` (the stack's URL), the server can also stop answering while the browser stays
 * online (navigator.onLine true): its requests are refused or hang, its sockets drop, and new
 * ones are refused or never answered, until reachable().
 */
export async function connection(context: BrowserContext, { server }: { server?: string } = {}) {
  let offline = false;
  let cut: Unreachable | null = null;
  const lost = { code: 1006, reason: 'offline' };
  const open = new Map<WebSocketRoute, WebSocketRoute>(); // the page's side → the server's
  const held = new Set<Route>();
  await context.routeWebSocket(/.*/, async (pageSide) => {
    if (offline || cut === 'refuse') return pageSide.close(lost);
    // Taken and never answered: without connectToServer the page's socket talks to nobody.
    if (cut === 'hang') return;
    const serverSide = pageSide.connectToServer();
    open.set(pageSide, serverSide);
    // With a handler of its own, a close is no longer passed to the other side: pass it on.
    pageSide.onClose(async (code, reason) => {
      open.delete(pageSide);
      await serverSide.close({ code, reason });
    });
  });
  if (server)
    await context.route(`${server}/**`, async (route) => {
      if (cut === 'refuse') return route.abort('connectionrefused');
      if (cut === 'hang') {
        held.add(route);
        return;
      }
      return route.fallback();
    });
  const dropSockets = async () => {
    const sockets = [...open];
    open.clear();
    await Promise.all(
      sockets.map(([pageSide, serverSide]) =>
        Promise.all([pageSide.close(lost), serverSide.close()]),
      ),
    );
  };
  return {
    async offline() {
      offline = true;
      // The sockets go first, while the browser can still reach the server: once the context is
      // offline, the server's side may never get its close, and the server then learns of it
      // only when the socket's heartbeat times out (a minute) — a person who left would stay
      // listed as here until then.
      await dropSockets();
      await context.setOffline(true);
    },
    async online() {
      offline = false;
      await context.setOffline(false);
    },
    /** The server stops answering; the browser stays online. */
    async unreachable(how: Unreachable) {
      if (!server) throw new Error('connection() was not given the server to cut');
      cut = how;
      await dropSockets();
    },
    /** The server answers again (requests left hanging fail, as a timed-out connection). */
    async reachable() {
      cut = null;
      const waiting = [...held];
      held.clear();
      await Promise.all(waiting.map((route) => route.abort('timedout').catch(() => undefined)));
    },
  };
}
