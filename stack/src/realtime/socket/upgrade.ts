// GET /websocket: the upgrade to a Realtime socket. The gateway has already required a project
// API key; here, as Realtime's own connect does, come the header length, the serializer version
// (`vsn`), the key as a token (`apikey` parameter, as realtime-js sends it, or the header), and
// the user and connection limits. Hosted Realtime also refuses every new socket (429) while the
// project is over its join rate; here a join rate is a sender's (socket/join.ts), and a new
// socket has joined nothing. The `ws` library does the WebSocket handshake and framing.
import { WebSocketServer } from 'ws';
import type { Incoming } from '../../context/route.ts';
import { upgradeOf } from '../../context/upgrade.ts';
import type { RealtimeDeps } from '../deps.ts';
import { CLOSE, connectError } from '../errors.ts';
import { serializerFor } from '../protocol/serializer.ts';
import { Connection, type Dispatch } from './connection.ts';

/** Largest frame accepted (as Realtime's max_frame_size); larger ones close the socket (1009). */
const MAX_FRAME_BYTES = 5_000_000;

export interface SocketServer {
  handle(incoming: Incoming): Promise<Response>;
  /** Open sockets (joined or not). */
  readonly size: number;
  /** Closes every socket (the stack is stopping). */
  closeAll(): void;
}

export function createSocketServer(deps: RealtimeDeps, dispatch: Dispatch): SocketServer {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const open = new Set<Connection>();
  const { limits } = deps;
  return {
    get size() {
      return open.size;
    },
    async handle(incoming) {
      const upgrade = upgradeOf(incoming);
      if (!upgrade) return connectError('notWebSocket');
      const raw = upgrade.request.rawHeaders;
      for (let i = 0; i < raw.length; i += 2)
        if (raw[i]!.length + raw[i + 1]!.length > deps.config.maxHeaderLength)
          return connectError('headerTooLong');
      const url = incoming.url();
      const serializer = serializerFor(url.searchParams.get('vsn'));
      if (!serializer) return connectError('unsupportedVsn');
      // The gateway let only a project key through; it acts as its claims (or its role).
      const apikey = url.searchParams.get('apikey') ?? incoming.headerRecord().apikey ?? '';
      const verified = await deps.verifyToken(apikey);
      if (!verified.ok)
        throw new Error(`a project API key failed verification (${verified.failure.reason})`);
      if (
        limits.users.size >= limits.config.maxConcurrentUsers ||
        open.size >= limits.config.maxConnections
      )
        return connectError('tooManyConnections');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(upgrade.request.headers))
        if (name.startsWith('x-') && typeof value === 'string') headers[name] = value;

      let conn: Connection | undefined;
      const release = upgrade.take(() => conn?.close(CLOSE.goingAway) ?? upgrade.socket.destroy());
      wss.handleUpgrade(upgrade.request, upgrade.socket, upgrade.head, (ws) => {
        conn = new Connection(deps, ws, serializer, verified.identity, headers, dispatch);
        const opened = conn;
        open.add(opened);
        ws.on('close', () => {
          open.delete(opened);
          release();
        });
      });
      upgrade.socket.once('close', () => {
        if (!conn) release();
      });
      // Answered by the handshake; the gateway sends nothing for a taken upgrade.
      return new Response(null, { status: 204 });
    },
    closeAll() {
      for (const conn of open) conn.close(CLOSE.goingAway);
    },
  };
}
