// Which statements a connection keeps prepared (named), as PostgREST keeps its queries
// prepared: a repeat skips Postgres's parse and plan. Bounded per connection, least recently
// used first out, so endless distinct statements cannot grow a backend's memory without limit.

export class PreparedStatements {
  readonly #names = new Map<string, string>();
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
    if (prepared && name !== undefined) this.#stale.push(name);
  }

  /** Forgets every statement (the session dropped them); names already given are not reused. */
  forgetAll(): void {
    this.#names.clear();
    this.#stale = [];
  }

  /** Names evicted since the last call, for the driver to DEALLOCATE while the connection is idle. */
  takeStale(): string[] {
    const stale = this.#stale;
    this.#stale = [];
    return stale;
  }
}
