// A TCP proxy between the stack and Postgres that a test can break on purpose: cut() drops every
// open connection mid-stream (the stack sees "Connection terminated unexpectedly" / ECONNRESET),
// refuse() also stops accepting (ECONNREFUSED), restore() accepts again. Deterministic faults
// the real server cannot be asked for, such as a connection lost while a query runs.
import net from 'node:net';

export interface TcpProxy {
  /** The upstream URL with host and port replaced by the proxy's. */
  url: string;
  /** Connections currently open through the proxy. */
  readonly open: number;
  cut(): void;
  refuse(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(upstreamUrl: string): Promise<TcpProxy> {
  const upstream = new URL(upstreamUrl);
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const remote = net.connect(Number(upstream.port || 5432), upstream.hostname);
        for (const socket of [client, remote]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(remote).pipe(client);
        client.on('close', () => remote.destroy());
        remote.on('close', () => client.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  await listen();
  const cut = () => {
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
  };
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = undefined;
      if (!s) return resolve();
      s.close(() => resolve());
    });
  const url = new URL(upstreamUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    get open() {
      return sockets.size / 2;
    },
    cut,
    async refuse() {
      const closed = stopListening();
      cut();
      await closed;
    },
    async restore() {
      if (!server) await listen();
    },
    async close() {
      const closed = stopListening();
      cut();
      await closed;
    },
  };
}
