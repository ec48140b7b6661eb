// What other clients of the note send, applied to our document, and the safety net for their
// edits: each update a peer broadcasts is held (on this device too) until that peer says it
// stored it ("saved"). If it does not say so in time (its connection dropped, its tab closed,
// its device went away), an editor stores the update itself, so nobody's text — nor ours, typed
// next to theirs — depends on a device that may never come back. What a peer sends in answer to
// our sync is held the same way, and never confirmed: it is stored after the delay. Held updates
// found on the device when a note opens (the tab was closed before they were settled) are
// stored at once. Yjs ignores what a document already has, so storing something twice costs a
// row and loses nothing.
import * as Y from 'yjs';
import { applyAwarenessUpdate, type Awareness } from 'y-protocols/awareness';
import type { Message, Part } from './messages.ts';
import { Senders } from './pacing.ts';
import type { Clock, LocalStore } from './ports.ts';

export const ORIGIN_REMOTE = Symbol('sheaf-collab-remote');

/** How long a peer's update may stay unconfirmed before an editor stores it. */
export const RESCUE_AFTER = 15_000;

interface Unconfirmed {
  key: number;
  n: number;
  update: Uint8Array;
  at: number;
}

export interface PeerActions {
  /** Reply to the peer (a part for the outbox). */
  reply(part: Part): void;
  /** Our awareness state, for a peer that just arrived. */
  announce(): void;
  /** Store this update as if it were ours. */
  rescue(update: Uint8Array): void;
  /** A peer stored row `seq`: our cursor may be behind. */
  storedElsewhere(seq: number): void;
}

export class Peers {
  private readonly unconfirmed = new Map<number, Unconfirmed[]>();
  private readonly ignored = new Set<string>();
  /** Who sent updates lately (for the pacing of our own messages). */
  readonly senders = new Senders();
  private nextKey = 1;

  constructor(
    private readonly doc: Y.Doc,
    private readonly awareness: Awareness,
    private readonly local: LocalStore,
    private readonly clock: Clock,
    private readonly actions: PeerActions,
    private readonly canWrite: () => boolean,
  ) {}

  /**
   * Stops taking edits from a user who lost edit rights (their channel may stay joined until
   * their token changes, as Realtime authorises channels). What we took from them before we
   * knew stays: our own edits may sit next to it.
   */
  ignore(userId: string, ignored: boolean): void {
    if (ignored) this.ignored.add(userId);
    else this.ignored.delete(userId);
  }

  receive(message: Message): void {
    if (message.clientId === this.doc.clientID || this.ignored.has(message.userId)) return;
    for (const part of message.parts) {
      switch (part.kind) {
        case 'update':
          this.senders.saw(message.clientId, this.clock.now());
          Y.applyUpdate(this.doc, part.update, ORIGIN_REMOTE);
          if (this.canWrite()) this.track(message.clientId, part.n, part.update);
          break;
        case 'saved':
          this.confirm(message.clientId, part.through);
          this.actions.storedElsewhere(part.seq);
          break;
        case 'sync':
          this.answer(message.clientId, part.stateVector);
          break;
        case 'reply':
          if (part.to !== this.doc.clientID) break;
          Y.applyUpdate(this.doc, part.update, ORIGIN_REMOTE);
          if (this.canWrite()) this.track(message.clientId, Infinity, part.update);
          break;
        case 'awareness':
          applyAwarenessUpdate(this.awareness, part.update, ORIGIN_REMOTE);
          break;
      }
    }
  }

  /** Held updates found on the device when the note opened: stored now. */
  restore(held: { key: number; update: Uint8Array }[]): void {
    for (const entry of held) {
      this.nextKey = Math.max(this.nextKey, entry.key + 1);
      Y.applyUpdate(this.doc, entry.update, ORIGIN_REMOTE);
    }
    if (!held.length) return;
    if (this.canWrite()) this.actions.rescue(Y.mergeUpdates(held.map((e) => e.update)));
    this.local.release(held.map((e) => e.key));
  }

  /** Stores the peers' updates left unconfirmed for too long (called every few seconds). */
  rescueOverdue(now = this.clock.now()): void {
    for (const [clientId, entries] of this.unconfirmed) {
      const overdue = entries.filter((e) => now - e.at >= RESCUE_AFTER);
      if (!overdue.length) continue;
      if (this.canWrite()) this.actions.rescue(Y.mergeUpdates(overdue.map((e) => e.update)));
      this.local.release(overdue.map((e) => e.key));
      const left = entries.filter((e) => now - e.at < RESCUE_AFTER);
      if (left.length) this.unconfirmed.set(clientId, left);
      else this.unconfirmed.delete(clientId);
    }
  }

  /**
   * We are leaving and cannot wait for the peers: store what they have not confirmed after a
   * few seconds (newer updates are almost always being stored by their authors right now).
   */
  rescueBeforeLeaving(): void {
    this.rescueOverdue(this.clock.now() + RESCUE_AFTER - 3000);
  }

  private track(clientId: number, n: number, update: Uint8Array): void {
    const entry = { key: this.nextKey++, n, update, at: this.clock.now() };
    this.local.hold({ key: entry.key, update });
    const entries = this.unconfirmed.get(clientId) ?? [];
    entries.push(entry);
    this.unconfirmed.set(clientId, entries);
  }

  private confirm(clientId: number, through: number): void {
    const entries = this.unconfirmed.get(clientId);
    if (!entries) return;
    const done = entries.filter((e) => e.n <= through);
    if (done.length) this.local.release(done.map((e) => e.key));
    const left = entries.filter((e) => e.n > through);
    if (left.length) this.unconfirmed.set(clientId, left);
    else this.unconfirmed.delete(clientId);
  }

  /** A peer asks for what it lacks; if it has items we lack, we ask it in turn. */
  private answer(clientId: number, stateVector: Uint8Array): void {
    this.actions.announce();
    if (!this.canWrite()) return;
    const missing = Y.encodeStateAsUpdate(this.doc, stateVector);
    // Even with no new items the update carries our deletions: send unless it is empty.
    if (missing.length > 2) this.actions.reply({ kind: 'reply', to: clientId, update: missing });
    const ours = Y.decodeStateVector(Y.encodeStateVector(this.doc));
    const theirs = Y.decodeStateVector(stateVector);
    const ahead = [...theirs].some(([client, clock]) => clock > (ours.get(client) ?? 0));
    if (ahead) this.actions.reply({ kind: 'sync', stateVector: Y.encodeStateVector(this.doc) });
  }
}
