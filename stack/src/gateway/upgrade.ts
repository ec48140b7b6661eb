// WebSocket upgrades through the gateway: the Node server's `upgrade` event becomes a request to
// the same front door as every HTTP request (mount table, gates, routes). A route that accepts it
// takes the connection (see context/upgrade.ts); otherwise its response — a 401 from the API-key
// check, a 404 — is written on the connection, which then closes.
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketUpgrade } from '../context/upgrade.ts';
import type { FrontDoor } from './front-door.ts';

function requestOf(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  return new Request(url, { method: req.method, headers });
}

async function writeResponse(socket: Duplex, res: Response): Promise<void> {
  const body = Buffer.from(await res.arrayBuffer());
  const lines = [`HTTP/1.1 ${res.status} ${STATUS_CODES[res.status] ?? ''}`];
  res.headers.forEach((value, name) => lines.push(`${name}: ${value}`));
  lines.push(`content-length: ${body.length}`, 'connection: close', '', '');
  socket.end(Buffer.concat([Buffer.from(lines.join('\r\n')), body]));
}

export interface Upgrades {
  handle(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Ends every taken connection (the stack is stopping). */
  closeAll(): void;
}

export function createUpgrades(door: FrontDoor): Upgrades {
  const open = new Set<() => void>();
  return {
    handle(req, socket, head) {
      socket.on('error', () => socket.destroy());
      let taken = false;
      const upgrade: WebSocketUpgrade = {
        request: req,
        socket,
        head,
        take(close) {
          taken = true;
          open.add(close);
          return () => open.delete(close);
        },
        get taken() {
          return taken;
        },
      };
      void Promise.resolve(door.fetch(requestOf(req), { incoming: req, upgrade }))
        .then((res) => (taken ? undefined : writeResponse(socket, res)))
        .catch(() => socket.destroy());
    },
    closeAll() {
      for (const close of [...open]) close();
    },
  };
}
