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

/** Wraps a connection as a Transaction; `onCommit` runs once, on the first sendCommit. */
export function transactionOn(conn: Queryable, onCommit: () => void): TrackedTransaction {
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
  let committing = false;
  const open = () => {
    if (committing) throw new Error('statement sent after the transaction was told to commit');
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
      sendCommit() {
        if (committing) return;
        committing = true;
        onCommit();
      },
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
 * batches): BEGIN goes out with fn's first statements and COMMIT with its last when fn calls
 * sendCommit. The result is returned only once COMMIT has been answered, so nothing is
 * acknowledged that might not be committed; and only once every answer has arrived, so the
 * connection can be handed on.
 */
export async function pipelined<T>(
  conn: Queryable,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  let commit: Promise<void> | undefined;
  const { tx, settle } = transactionOn(conn, () => {
    commit = conn.exec('commit');
    commit.catch(() => undefined);
  });
  tx.exec('begin').catch(() => undefined);
  try {
    const result = await fn(tx);
    tx.sendCommit();
    // A failed statement turns COMMIT into ROLLBACK: report that statement's error.
    const failure = await settle();
    await commit;
    if (failure !== undefined) throw failure;
    return result;
  } catch (error) {
    if (!commit) await conn.exec('rollback').catch(() => undefined);
    throw error;
  } finally {
    await Promise.all([settle(), commit?.catch(() => undefined)]);
  }
}
