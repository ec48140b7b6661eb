// One open note's shared document: a Yjs document of two texts, the title and the body, kept on
// this device (LocalStore), stored in the note's log (Saver), and exchanged live with the note's
// other clients over its private channel (Outbox out, Peers in), with their cursors (y-protocols
// awareness). Opening shows the device's copy at once, then applies what was stored since; the
// first editor of a note that has text but no document seeds it from the body, and of a note
// whose title was never written from its document, the title from the title. Whether the text
// fits the database's limits is measured on every change, anyone's, so everyone in the note
// knows the moment it does not. Status for the UI is one small object.
import * as Y from 'yjs';
import { Awareness, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import { decodeMessage } from './messages.ts';
import { Outbox } from './outbox.ts';
import { ORIGIN_REMOTE, Peers } from './peers.ts';
import {
  StoreError,
  realClock,
  type ChannelStatus,
  type Clock,
  type DocumentStore,
  type LocalStore,
  type SyncChannel,
} from './ports.ts';
import { ORIGIN_STORE, Saver } from './saver.ts';
import { COMPACT_AT, compactNote } from './compaction.ts';
import { Senders, broadcastInterval, textWriteInterval } from './pacing.ts';
import { TEXT, TITLE, seedFromBody, seedTitle } from './seed.ts';

export type Access = 'edit' | 'read' | 'none';

export interface SyncStatus {
  /** opening: not shown yet; ready: the document is current as far as we can tell;
   *  unavailable: offline, and this device never had the note's document. */
  phase: 'opening' | 'ready' | 'unavailable';
  channel: ChannelStatus | 'offline';
  access: Access;
  /** Edits made here and not stored yet (kept on this device meanwhile). */
  pending: number;
  saving: boolean;
  /** The store refused our edits (forbidden) or the note (gone). */
  refused: 'forbidden' | 'gone' | null;
  /** The body is over notes.body's limit: the stored body is an earlier text. */
  bodyTooLarge: boolean;
  /** The title is over notes.title's limit: the stored title is an earlier one. */
  titleTooLong: boolean;
  /** The note has text but no document yet, and we may not seed it: show notes.body. */
  documentless: boolean;
  /** The document has no title yet, and we may not seed it: show notes.title. */
  titleless: boolean;
}

export interface NoteSyncOptions {
  userId: string;
  store: DocumentStore;
  channel: SyncChannel;
  local: LocalStore;
  access: Access;
  clock?: Clock;
  /** How many clients have the note open (viewers too); default: those whose cursors we see. */
  audience?: () => number;
  /** 'off': the fixed 50 ms window of before pacing (a benchmark's baseline). */
  pacing?: 'adaptive' | 'off';
}

const RESCUE_TICK = 5000;
/** Every so often, rows stored since the cursor are fetched even if nobody said so. */
const CATCH_UP_TICKS = 6;

export class NoteSync {
  readonly doc = new Y.Doc();
  readonly text: Y.Text = this.doc.getText(TEXT);
  readonly title: Y.Text = this.doc.getText(TITLE);
  readonly awareness = new Awareness(this.doc);
  private readonly clock: Clock;
  private readonly saver: Saver;
  private readonly outbox: Outbox;
  private readonly peers: Peers;
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private access: Access;
  private phase: SyncStatus['phase'] = 'opening';
  private channelStatus: SyncStatus['channel'] = 'joining';
  private refused: SyncStatus['refused'] = null;
  private documentless = false;
  private titleless = false;
  private loadedOnce = false;
  /** The title is as the log and the row say (seeded if it had to be): it may be written. */
  private titleReady = false;
  private loading: Promise<void> | null = null;
  private sent = 0;
  private tick: unknown = null;
  private ticks = 0;
  private catchUpTimer: unknown = null;
  private compactTimer: unknown = null;
  private stopped = false;
  /** What this client last stored: said again on joining, in case nobody heard it then. */
  private lastSaved: { through: number; seq: number } | null = null;

  constructor(private readonly options: NoteSyncOptions) {
    this.clock = options.clock ?? realClock;
    this.access = options.access;
    // Refused by the store (rights gone): nothing more is sent, answered or stored for anyone,
    // so a member removed while the note is open cannot hand their edits to a peer's sync.
    const canWrite = () => this.access === 'edit' && !this.stopped && !this.refused;
    this.saver = new Saver(
      this.doc,
      { title: this.title, body: this.text },
      options.store,
      options.local,
      this.clock,
      {
        changed: () => this.emit(),
        saved: (through, seq) => {
          this.lastSaved = { through, seq };
          this.send({ kind: 'saved', through, seq }, true);
        },
        refused: (reason) => {
          this.refused = reason;
          this.outbox.clear();
          this.emit();
        },
      },
      canWrite,
      () => this.titleReady,
      () => (this.paced ? textWriteInterval(this.activeSenders(), this.audience()) : 0),
    );
    this.outbox = new Outbox(
      options.channel,
      options.userId,
      () => this.doc.clientID,
      this.clock,
      () => (this.paced ? broadcastInterval(this.activeSenders(), this.audience()) : 50),
    );
    this.peers = new Peers(
      this.doc,
      this.awareness,
      options.local,
      this.clock,
      {
        reply: (part) => this.send(part),
        announce: () => this.announce(),
        rescue: (update) => this.saver.add(update, 0),
        storedElsewhere: (seq) => this.storedElsewhere(seq),
      },
      canWrite,
    );
    this.doc.on('update', this.onUpdate);
    this.awareness.on('update', this.onAwareness);
  }

  get status(): SyncStatus {
    return {
      phase: this.phase,
      channel: this.channelStatus,
      access: this.access,
      pending: this.saver.pendingCount,
      saving: this.saver.saving,
      refused: this.refused,
      bodyTooLarge: this.saver.bodyTooLarge,
      titleTooLong: this.saver.titleTooLong,
      documentless: this.documentless && this.text.length === 0,
      titleless: this.titleless && this.title.length === 0,
    };
  }

  onStatus(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens the device's copy, joins the channel, then loads what was stored since. */
  async start(): Promise<void> {
    const local = await this.options.local.open(this.doc);
    this.saver.restore(local.cursor, local.pending);
    this.peers.restore(local.held);
    this.saver.measure();
    if (local.hadCopy) this.phase = 'ready';
    this.emit();
    this.options.channel.open({
      message: (bytes) => {
        const message = decodeMessage(bytes);
        if (message && !this.stopped) this.peers.receive(message);
      },
      status: (status) => this.channelChanged(status),
    });
    this.tick = this.clock.setTimeout(this.onTick, RESCUE_TICK);
    await this.load();
  }

  /** Edit rights changed (role lowered or raised, removed from the notebook). */
  setAccess(access: Access): void {
    if (access === this.access) return;
    this.access = access;
    if (access === 'edit') {
      this.refused = null;
      this.saver.kick();
      // Opened as a reader of a note with no document yet: as an editor, seed it from the body
      // now (the page waits for that before it edits: status.documentless).
      if (this.documentless) void this.load();
    } else {
      this.saver.halt();
      this.outbox.clear();
    }
    this.emit();
  }

  /** Another user's rights changed: edits from someone who may not edit are no longer taken. */
  setPeerAccess(userId: string, access: Access): void {
    this.peers.ignore(userId, access !== 'edit');
  }

  /** The connection came back (or the app thinks it may have): retry now. */
  reconnected(): void {
    if (this.stopped) return;
    if (this.access === 'edit' && !this.refused) this.saver.kick();
    void (this.loadedOnce ? this.saver.catchUp() : this.load()).then(() => this.emit());
  }

  /**
   * Stores what can be stored, says goodbye to the peers, and lets go of everything. With
   * `abrupt`, nothing more is sent or stored (as when a tab is killed): what is pending stays
   * on the device for the next time the note opens.
   */
  async stop({ abrupt = false } = {}): Promise<void> {
    if (this.stopped) return;
    if (!abrupt) {
      this.peers.rescueBeforeLeaving();
      await this.saver.flush();
      removeAwarenessStates(this.awareness, [this.doc.clientID], 'local');
      this.outbox.flush();
    }
    this.stopped = true;
    this.outbox.clear();
    this.clock.clearTimeout(this.tick);
    if (this.catchUpTimer !== null) this.clock.clearTimeout(this.catchUpTimer);
    if (this.compactTimer !== null) this.clock.clearTimeout(this.compactTimer);
    this.saver.dispose();
    await this.options.channel.close();
    await this.options.local.close();
    this.awareness.destroy();
    this.doc.off('update', this.onUpdate);
    this.listeners.clear();
  }

  /**
   * Sends now what waits to go out — among it the notice of what this client stored — once the
   * channel is joined, waiting for that at most `ms`. For a sync about to leave (the flush of a
   * note no longer open): those who have the note open then fetch its edits from the log at
   * once rather than at their next catch-up. Resolves whether it was sent.
   */
  sendNow(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (sent: boolean) => {
        this.clock.clearTimeout(timer);
        off();
        if (sent) this.outbox.flush();
        resolve(sent);
      };
      const timer = this.clock.setTimeout(() => done(false), ms);
      const off = this.onStatus((status) => {
        if (status.channel === 'joined') done(true);
      });
      if (this.channelStatus === 'joined') done(true);
    });
  }

  /** Stores everything pending now (tests, and before the page goes away). */
  flush(): Promise<void> {
    return this.saver.flush();
  }

  private load(): Promise<void> {
    this.loading ??= this.loadOnce().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async loadOnce(hadCopy = this.phase === 'ready'): Promise<void> {
    let loaded;
    try {
      loaded = await this.options.store.load(this.saver.cursor);
    } catch (error) {
      if (error instanceof StoreError && error.reason === 'gone') {
        this.refused = 'gone';
        this.outbox.clear();
      } else if (!hadCopy) this.phase = 'unavailable';
      this.emit();
      return;
    }
    this.loadedOnce = true;
    this.saver.applyLoad(loaded);
    const unseeded = loaded.stored === 0 && !!loaded.seed && this.text.length === 0;
    if (unseeded && this.access === 'edit') {
      const seed = await seedFromBody(loaded.seed!);
      this.saver.seeded(seed.sha256);
      Y.applyUpdate(this.doc, seed.update, SEED);
    }
    const untitled = !!loaded.titleSeed && this.title.length === 0;
    if (untitled && this.access === 'edit')
      Y.applyUpdate(this.doc, await seedTitle(loaded.titleSeed!), SEED);
    this.titleless = untitled && this.access !== 'edit';
    this.titleReady = true;
    this.saver.titleSettled();
    this.documentless = unseeded && this.access !== 'edit';
    this.phase = 'ready';
    this.maybeCompact();
    this.emit();
  }

  /** Clients in the note: as the page knows them, and at least those whose cursors we see. */
  private audience(): number {
    return Math.max(this.options.audience?.() ?? 0, this.awareness.getStates().size, 1);
  }

  /** Who sent updates lately, this client among them. */
  private activeSenders(): number {
    return this.peers.senders.count(this.clock.now()) + this.self.count(this.clock.now());
  }

  private readonly self = new Senders();

  private get paced(): boolean {
    return this.options.pacing !== 'off';
  }

  private readonly onUpdate = (update: Uint8Array, origin: unknown): void => {
    if (this.saver.measure()) this.emit();
    if (origin === ORIGIN_REMOTE || origin === ORIGIN_STORE || origin === this.options.local.origin)
      return;
    this.sent += 1;
    this.self.saw(0, this.clock.now());
    this.saver.add(update, this.sent);
    if (this.access === 'edit') this.send({ kind: 'update', n: this.sent, update });
  };

  private readonly onAwareness = (
    change: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ): void => {
    if (origin === 'local') this.announce();
  };

  private announce(): void {
    if (this.access !== 'edit') return;
    this.send({
      kind: 'awareness',
      update: encodeAwarenessUpdate(this.awareness, [this.doc.clientID]),
    });
  }

  private send(part: Parameters<Outbox['push']>[0], lazy = false): void {
    if (this.access === 'edit' && !this.stopped && !this.refused) this.outbox.push(part, lazy);
  }

  private channelChanged(status: ChannelStatus): void {
    this.channelStatus = status;
    this.outbox.joined = status === 'joined';
    if (status === 'joined') {
      // Ask the others for what we lack, and store/fetch what moved while we were away.
      this.send({ kind: 'sync', stateVector: Y.encodeStateVector(this.doc) });
      if (this.lastSaved) this.send({ kind: 'saved', ...this.lastSaved }, true);
      this.announce();
      this.reconnected();
    }
    this.emit();
  }

  private storedElsewhere(seq: number): void {
    if (seq <= this.saver.cursor || this.catchUpTimer !== null) return;
    // Not at once: the peer's update usually reached us already; this keeps the cursor near.
    this.catchUpTimer = this.clock.setTimeout(() => {
      this.catchUpTimer = null;
      void this.saver.catchUp();
    }, 2000);
  }

  /**
   * Once the log is long, an editor compacts it, after a random few seconds (so that editors
   * opening the note together rarely both do; if they do, the database keeps one snapshot).
   */
  private maybeCompact(): void {
    if (this.access !== 'edit' || this.saver.storedRows <= COMPACT_AT) return;
    if (this.compactTimer !== null || this.stopped) return;
    this.compactTimer = this.clock.setTimeout(
      () => {
        void compactNote(this.options.store)
          .then((done) => {
            if (done) this.saver.storedRows = 1;
          })
          .catch(() => undefined)
          .finally(() => {
            this.compactTimer = null;
          });
      },
      2000 + Math.floor(Math.random() * 8000),
    );
  }

  private readonly onTick = (): void => {
    this.maybeCompact();
    this.peers.rescueOverdue();
    this.ticks += 1;
    if (this.ticks % CATCH_UP_TICKS === 0 && this.loadedOnce && this.channelStatus === 'joined')
      void this.saver.catchUp();
    this.tick = this.clock.setTimeout(this.onTick, RESCUE_TICK);
  };

  private emit(): void {
    const status = this.status;
    for (const listener of this.listeners) listener(status);
  }
}

const SEED = Symbol('sheaf-collab-seed');
