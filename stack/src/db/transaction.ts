// The Transaction both drivers hand to transaction(fn): a connection's statements, every one of
// them tracked, closed to further statements once fn has asked for COMMIT (sendCommit); and the
// pipelined transaction both run on it.
import type { Queryable, Transaction } from './adapter.ts';

export interface TrackedTransaction {
  tx: Transaction;
  /**
   * Waits until every statement sent has been answered; resolves with the first failure, if
   * any. A statement fn did not wait for can fail the transaction this way.
   */
  settle(): Promise<unknown>;
}

/**
 * Wraps a connection as a Transaction; `onEnd` runs once, on the first sendCommit or
 * sendRollback, with the statement that ends the transaction.
 */
export function transactionOn(
  conn: Queryable,
  onEnd: (how: 'commit' | 'rollback') => void,
): TrackedTransaction {
  const sent: Promise<unknown>[] = [];
  let failure: { reason: unknown } | undefined;
  const track = <R>(promise: Promise<R>): Promise<R> => {
    sent.push(
      promise.then(
        () => undefined,
        (reason: unknown) => {
          failure ??= { reason };
        },
      ),
    );
    return promise;
  };
  let ending: 'commit' | 'rollback' | undefined;
  const open = () => {
    if (ending) throw new Error(`statement sent after the transaction was told to ${ending}`);
  };
  const end = (how: 'commit' | 'rollback') => {
    if (ending) return;
    ending = how;
    onEnd(how);
  };
  return {
    tx: {
      query(sql, params, options) {
        open();
        return track(conn.query(sql, params, options));
      },
      exec(sql) {
        open();
        return track(conn.exec(sql));
      },
      sendCommit: () => end('commit'),
      sendRollback: () => end('rollback'),
    },
    async settle() {
      // Statements may be sent while earlier ones settle; wait until none is left.
      for (let seen = 0; seen < sent.length; seen = sent.length) await Promise.all(sent);
      return failure?.reason;
    },
  };
}

/**
 * Runs fn in one transaction on a connection that pipelines (the server driver's client, PGlite's
 * batches): BEGIN goes out with fn's first statements, and COMMIT (or ROLLBACK) with its last
 * when fn calls sendCommit (or sendRollback). The result is returned only once that last
 * statement has been answered, so nothing is acknowledged that might not be committed; and only
 * once every answer has arrived, so the connection can be handed on.
 */
export async function pipelined<T>(
  conn: Queryable,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  let end: Promise<void> | undefined;
  const { tx, settle } = transactionOn(conn, (how) => {
    end = conn.exec(how);
    end.catch(() => undefined);
  });
  tx.exec('begin').catch(() => undefined);
  try {
    const result = await fn(tx);
    tx.sendCommit();
    // A failed statement turns COMMIT into ROLLBACK: report that statement's error.
    const failure = await settle();
    await end;
    if (failure !== undefined) throw failure;
    return result;
  } catch (error) {
    if (!end) await conn.exec('rollback').catch(() => undefined);
    throw error;
  } finally {
    await Promise.all([settle(), end?.catch(() => undefined)]);
  }
}

/**
 * The answers to statements sent together, once all have arrived; the first of them to fail (in
 * the order sent, which is the order Postgres ran them) is thrown. Every answer is awaited, so
 * a statement refused because an earlier one failed is not left rejected and unheard.
 */
export async function answersInOrder<T extends readonly unknown[]>(
  sent: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(sent);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
