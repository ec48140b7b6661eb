// A small world for the engine's tests: one note on a MemoryServer, a MemoryHub for its channel,
// a FakeClock, and clients (each with its own device) that type, go offline, reload, compact.
import { NoteSync, type Access } from '../note-sync.ts';
import { compactNote } from '../compaction.ts';
import { FakeClock } from './fake-clock.ts';
import { MemoryDevice } from './memory-local.ts';
import { MemoryHub, type MemoryChannel } from './memory-network.ts';
import { MemoryServer, MemoryStore } from './memory-server.ts';

/** Lets pending promise continuations and zero-delay macrotasks run. */
export async function settle(turns = 4): Promise<void> {
  for (let i = 0; i < turns; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

export class TestClient {
  store!: MemoryStore;
  channel!: MemoryChannel;
  sync!: NoteSync;
  online = true;

  constructor(
    readonly world: World,
    readonly user: string,
    private access: Access = 'edit',
    /** Another tab of the same device shares its device. */
    readonly device = new MemoryDevice(),
  ) {}

  async open(): Promise<void> {
    this.store = new MemoryStore(this.world.server, this.user);
    this.store.online = this.online;
    this.channel = this.world.hub.channel();
    this.channel.online = this.online;
    this.sync = new NoteSync({
      userId: this.user,
      store: this.store,
      channel: this.channel,
      local: this.device.open(),
      access: this.access,
      clock: this.world.clock,
      // As the page tells it from presence: everyone with the note open.
      audience: () => this.world.clients.length,
      pacing: this.world.pacing,
    });
    const started = this.sync.start();
    await settle();
    await started;
  }

  get text(): string {
    return this.sync.text.toString();
  }

  get title(): string {
    return this.sync.title.toString();
  }

  /** The tab is killed: nothing more is sent or stored; the device keeps what it had. */
  async reload(): Promise<void> {
    this.store.dead = true;
    await this.sync.stop({ abrupt: true });
    await this.open();
  }

  setOnline(online: boolean): void {
    this.online = online;
    this.store.online = online;
    this.channel.setOnline(online);
    if (online) this.sync.reconnected();
  }

  compact(): Promise<boolean> {
    return compactNote(this.store).catch(() => false);
  }

  setAccess(access: Access): void {
    this.access = access;
    this.sync.setAccess(access);
  }
}

export class World {
  readonly clock = new FakeClock();
  readonly hub = new MemoryHub();
  readonly clients: TestClient[] = [];

  constructor(
    readonly server = new MemoryServer(),
    /** The pacing of the clients' messages (see pacing.ts). */
    readonly pacing: 'adaptive' | 'off' = 'adaptive',
  ) {}

  async client(user: string, access: Access = 'edit', device?: MemoryDevice): Promise<TestClient> {
    this.server.readers.add(user);
    if (access === 'edit') this.server.writers.add(user);
    const client = new TestClient(this, user, access, device);
    await client.open();
    this.clients.push(client);
    return client;
  }

  /** Moves time on by `ms` and lets what it triggered run. */
  async step(ms: number): Promise<void> {
    this.clock.advance(ms);
    await settle();
  }

  /** Everyone online, every message delivered, every timer run, until nothing moves. */
  async quiesce(): Promise<void> {
    for (const client of this.clients) {
      if (!client.online) client.setOnline(true);
      if (!client.store.online) {
        client.store.online = true;
        client.sync.reconnected();
      }
    }
    for (let round = 0; round < 60; round += 1) {
      for (const client of this.clients) client.channel.deliver();
      await this.step(20_000);
      for (const client of this.clients) await client.sync.flush();
      await settle();
      const busy =
        this.hub.waiting > 0 ||
        this.clients.some((c) => c.sync.status.pending > 0 || c.sync.status.saving);
      if (!busy && round > 2) return;
    }
    throw new Error('the clients did not settle');
  }

  /** The client's device is lost for good: it never comes back, nor does what it kept. */
  async vanish(client: TestClient): Promise<void> {
    client.store.dead = true;
    await client.sync.stop({ abrupt: true });
    this.clients.splice(this.clients.indexOf(client), 1);
  }

  async close(): Promise<void> {
    for (const client of this.clients) await client.sync.stop({ abrupt: true });
  }
}
