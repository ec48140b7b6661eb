// LISTEN on a Postgres server that survives the server going away. One dedicated connection
// (outside the pool, as PostgREST keeps its listener) carries every channel; when it is lost it
// is reopened with exponential back-off, every channel is LISTENed again, and subscribers are
// told (onReconnect), because notifications sent while it was down are gone.
import pg from 'pg';
import type { ListenOptions } from './adapter.ts';
import type { Logger } from '../lib/log.ts';

interface Subscriber {
  onNotify: (payload: string) => void;
  onReconnect?: () => void;
}

export interface BackoffOptions {
  /** First delay before reconnecting, in ms. */
  initialMs?: number;
  /** Longest delay between attempts, in ms. */
  maxMs?: number;
}

export class NotificationListener {
  readonly #channels = new Map<string, Set<Subscriber>>();
  /** Channels LISTENed on the current connection. */
  #listening = new Set<string>();
  #client: pg.Client | undefined;
  #connecting: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #delay: number;
  #lostAt: number | undefined;
  #closed = false;

  constructor(
    private readonly connect: () => pg.Client,
    private readonly log: Logger | undefined,
    private readonly backoff: Required<BackoffOptions>,
  ) {
    this.#delay = backoff.initialMs;
  }

  /** Seconds until the next reconnection attempt (at least 1): a Retry-After hint. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.#delay / 1000));
  }

  /** Whether the listening connection is up (false while it is being re-established). */
  get connected(): boolean {
    return this.#client !== undefined;
  }

  /** Opens the listening connection (also without channels: it watches the server). */
  start(): Promise<void> {
    return this.#client ? Promise.resolve() : this.#open();
  }

  async subscribe(
    channel: string,
    onNotify: (payload: string) => void,
    options: ListenOptions = {},
  ): Promise<() => Promise<void>> {
    const subscriber: Subscriber = { onNotify, onReconnect: options.onReconnect };
    let set = this.#channels.get(channel);
    if (!set) this.#channels.set(channel, (set = new Set()));
    set.add(subscriber);
    await this.start();
    // While the server is away the channel is LISTENed on reconnection instead.
    await this.#listenOn(this.#client, [channel]).catch(() => undefined);
    return async () => {
      const current = this.#channels.get(channel);
      if (!current?.delete(subscriber) || current.size > 0) return;
      this.#channels.delete(channel);
      const client = this.#client;
      if (!client || !this.#listening.delete(channel)) return;
      await client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  async #listenOn(client: pg.Client | undefined, channels: string[]): Promise<void> {
    const missing = channels.filter((c) => !this.#listening.has(c));
    if (!client || missing.length === 0) return;
    await client.query(missing.map((c) => `listen ${pg.escapeIdentifier(c)};`).join(' '));
    if (this.#client === client) for (const c of missing) this.#listening.add(c);
  }

  /** Opens the connection and LISTENs every channel; on failure, schedules the next attempt. */
  #open(): Promise<void> {
    this.#connecting ??= (async () => {
      const client = this.connect();
      // Errors arrive here too when the server goes away; 'end' follows and reconnects.
      client.on('error', () => undefined);
      client.on('notification', (msg) => {
        for (const s of this.#channels.get(msg.channel) ?? []) s.onNotify(msg.payload ?? '');
      });
      const names = [...this.#channels.keys()];
      try {
        await client.connect();
        await client.query(
          names.map((c) => `listen ${pg.escapeIdentifier(c)};`).join(' ') || 'select 1',
        );
      } catch (error) {
        client.end().catch(() => undefined);
        this.#schedule(error);
        return;
      }
      if (this.#closed) {
        await client.end().catch(() => undefined);
        return;
      }
      client.once('end', () => this.#lost(client));
      this.#client = client;
      this.#listening = new Set(names);
      this.#delay = this.backoff.initialMs;
      if (this.#lostAt !== undefined) {
        const seconds = ((Date.now() - this.#lostAt) / 1000).toFixed(1);
        this.#lostAt = undefined;
        this.log?.info(`reconnected to the database after ${seconds} s`);
        for (const set of this.#channels.values()) for (const s of set) s.onReconnect?.();
      }
    })().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    if (this.#closed) return;
    this.#lostAt = Date.now();
    this.log?.warn('lost the connection to the database; reconnecting');
    this.#schedule(undefined);
  }

  #schedule(error: unknown): void {
    if (this.#closed || this.#timer) return;
    this.#lostAt ??= Date.now();
    if (error !== undefined)
      this.log?.warn(
        `database not reachable (${(error as Error).message}); next try in ${this.#delay} ms`,
      );
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#open();
    }, this.#delay);
    this.#timer.unref();
    this.#delay = Math.min(this.backoff.maxMs, this.#delay * 2);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.#connecting?.catch(() => undefined);
    const client = this.#client;
    this.#client = undefined;
    this.#channels.clear();
    await client?.end().catch(() => undefined);
  }
}
