// Which statements a connection keeps prepared (named), as PostgREST keeps its queries
// prepared: a repeat skips Postgres's parse and plan. Bounded per connection, least recently
// used first out, so endless distinct statements cannot grow a backend's memory without limit.

import type { Field } from './adapter.ts';

/**
 * The rows a prepared statement answers: their columns and how each column's text is read.
 * A statement keeps its shape for as long as it stays prepared (a schema change that would
 * change it fails the statement instead: 0A000, and it is prepared again).
 */
export interface RowShape {
  fields: Field[];
  parse: ((text: string) => unknown)[];
}

export class PreparedStatements {
  readonly #names = new Map<string, string>();
  /** The shape each prepared statement answered with, by name, once it was described. */
  readonly #shapes = new Map<string, RowShape>();
  #stale: string[] = [];
  #next = 0;

  constructor(readonly limit: number) {}

  /** The name `text` is prepared under on this connection; a new name when it is not yet. */
  nameFor(text: string): string {
    let name = this.#names.get(text);
    if (name !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.#names.delete(text);
    } else {
      // Never reused, so a name can never meet an older statement that outlived its eviction.
      name = `sheaf_${++this.#next}`;
      if (this.#names.size >= this.limit) {
        const [oldest, oldName] = this.#names.entries().next().value!;
        this.#names.delete(oldest);
        this.#shapes.delete(oldName);
        this.#stale.push(oldName);
      }
    }
    this.#names.set(text, name);
    return name;
  }

  /**
   * Forgets one statement: the next use gets a new name. `prepared`: the old one still exists
   * on the connection (its plan went stale), so it is handed out by takeStale.
   */
  forget(text: string, prepared: boolean): void {
    const name = this.#names.get(text);
    this.#names.delete(text);
    if (name !== undefined) this.#shapes.delete(name);
    if (prepared && name !== undefined) this.#stale.push(name);
  }

  /** The shape the statement prepared under `name` answers with, when it was described. */
  shapeOf(name: string): RowShape | undefined {
    return this.#shapes.get(name);
  }

  /** Remembers what the statement prepared under `name` answered with (it was described). */
  rememberShape(name: string, shape: RowShape): void {
    if ([...this.#names.values()].includes(name)) this.#shapes.set(name, shape);
  }

  /** Forgets every statement (the session dropped them); names already given are not reused. */
  forgetAll(): void {
    this.#names.clear();
    this.#shapes.clear();
    this.#stale = [];
  }

  /** Names evicted since the last call, for the driver to DEALLOCATE while the connection is idle. */
  takeStale(): string[] {
    const stale = this.#stale;
    this.#stale = [];
    return stale;
  }
}
