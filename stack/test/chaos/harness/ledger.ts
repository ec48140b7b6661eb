// The client-side ledger: every write the stack acknowledged (a 2xx answer), kept by the client
// that made it, so a scenario can prove afterwards that each one is still there. A write that
// failed is not in the ledger — it may or may not have happened, and nothing was promised.
export interface LedgerEntry<T> {
  kind: string;
  key: string;
  value: T;
}

export class Ledger {
  readonly #entries: LedgerEntry<unknown>[] = [];

  record<T>(kind: string, key: string, value: T): void {
    this.#entries.push({ kind, key, value });
  }

  entries<T>(kind: string): LedgerEntry<T>[] {
    return this.#entries.filter((e) => e.kind === kind) as LedgerEntry<T>[];
  }

  get size(): number {
    return this.#entries.length;
  }

  /**
   * Checks every entry of a kind (a few at a time); returns the keys of those whose check
   * failed — the acknowledged writes that were lost.
   */
  async lost<T>(
    kind: string,
    check: (entry: LedgerEntry<T>) => Promise<boolean>,
    concurrency = 4,
  ): Promise<string[]> {
    const entries = this.entries<T>(kind);
    const missing: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < entries.length) {
          const entry = entries[next++]!;
          if (!(await check(entry).catch(() => false))) missing.push(entry.key);
        }
      }),
    );
    return missing.sort();
  }
}
