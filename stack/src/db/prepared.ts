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

  /** Names evicted since the last call, for the driver to DEALLOCATE while the connection is idle. */
  takeStale(): string[] {
    const stale = this.#stale;
    this.#stale = [];
    return stale;
  }
}
