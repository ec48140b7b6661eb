// A PGlite transaction's statements gathered into batches: whatever is sent during one turn of
// the event loop (BEGIN, the caller's settings, the statement, COMMIT) goes into PGlite in one
// call, as extended-protocol messages with a Sync after each statement, the way the server
// driver pipelines them. PGlite's own query() makes one call per protocol message (parse,
// describe, bind, describe, execute, sync), each with its own locks and bookkeeping.
//
// Each statement ends with its own Sync, so each is answered up to its own ReadyForQuery: a
// failed statement does not swallow the ones after it, which then fail as "current transaction
// is aborted", and COMMIT after a failure answers ROLLBACK — as on a Postgres server.
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import {
  BatchError,
  type PgError,
  type QueryOptions,
  type QueryResult,
  type Queryable,
  type Statement,
} from './adapter.ts';
import { asPgError, serializeParams } from './pglite-wire.ts';
import { PreparedStatements } from './prepared.ts';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

interface Pending {
  /** The statement's frontend messages. */
  parts: Uint8Array[];
  answer(messages: BackendMessage[]): void;
  fail(error: unknown): void;
}

const { serialize } = protocol;
const SYNC = serialize.sync();
const DESCRIBE_PORTAL = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});

/** The batch's messages in one buffer, as PGlite reads them. */
function concat(batch: Pending[]): Uint8Array {
  let length = 0;
  for (const { parts } of batch) for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const { parts } of batch) {
    for (const part of parts) {
      out.set(part, offset);
      offset += part.length;
    }
  }
  return out;
}

/** Statements PGlite's one session keeps prepared, least recently used closed first. */
const PREPARED_IN_SESSION = 250;

/**
 * The statements PGlite's one session keeps prepared (QueryOptions.prepare), as the server
 * driver keeps them per connection: a repeat sends Bind only, skipping Postgres's parse and plan.
 * The session is shared with the wire server's clients (pglite-socket.ts): one that runs
 * DEALLOCATE or DISCARD makes us forget them all (forgetAll), and names are never reused.
 */
export class PgliteSession {
  readonly prepared: PreparedStatements;
  /** Names whose Parse PGlite has confirmed (or that are in flight ahead of their next use). */
  readonly #parsed = new Set<string>();
  /** Names known to exist in the session (a statement under them has been answered). */
  readonly #confirmed = new Set<string>();

  constructor(limit = PREPARED_IN_SESSION) {
    this.prepared = new PreparedStatements(limit);
  }

  /** The messages that run `sql` under its prepared name, parsing it first when needed. */
  statement(sql: string, values: (string | null)[]): { parts: Uint8Array[]; name: string } {
    const name = this.prepared.nameFor(sql);
    const parts: Uint8Array[] = [];
    // Statements evicted beyond the limit are closed first (closing an unknown one is no error).
    for (const stale of this.prepared.takeStale()) {
      this.#parsed.delete(stale);
      this.#confirmed.delete(stale);
      parts.push(serialize.close({ type: 'S', name: stale }));
    }
    if (!this.#parsed.has(name)) {
      parts.push(serialize.parse({ name, text: sql }));
      this.#parsed.add(name);
    }
    parts.push(serialize.bind({ statement: name, values }));
    return { parts, name };
  }

  /**
   * After a failed statement: a Parse that did not complete left no statement behind; a plan
   * the schema made stale ("cached plan must not change result type") is parsed again next time.
   */
  failed(sql: string, name: string, messages: BackendMessage[], error: unknown): void {
    if (!messages.some((m) => m.name === 'parseComplete') && !this.#confirmed.has(name)) {
      this.#parsed.delete(name);
      this.prepared.forget(sql, false);
    } else if ((error as { code?: string }).code === '0A000') this.prepared.forget(sql, true);
  }

  /** A statement answered: its Parse, if it was sent, is done. */
  answered(name: string): void {
    this.#confirmed.add(name);
  }

  /** Someone else dropped the session's prepared statements: parse everything again. */
  forgetAll(): void {
    this.#parsed.clear();
    this.#confirmed.clear();
    this.prepared.forgetAll();
  }
}

/** The first error among a statement's answers, as node-postgres raises it. */
function errorIn(messages: BackendMessage[]): unknown {
  const error = messages.find((m) => m.name === 'error');
  return error === undefined ? undefined : asPgError(error);
}

/** One statement's answers as a result, counted as the server driver counts them. */
function resultOf<Row>(messages: BackendMessage[], parsers: PGlite['parsers']): QueryResult<Row> {
  const result = parse.parseResults(messages, parsers)[0]!;
  const rows = result.rows as Row[];
  const rowCount =
    result.fields.length > 0 && rows.length > 0
      ? rows.length
      : (result.affectedRows ?? rows.length);
  return { rows, rowCount, fields: result.fields };
}

/** Where each statement's answers end: its CommandComplete (or EmptyQuery), or an error. */
const ENDS = new Set(['commandComplete', 'emptyQuery', 'error']);

/**
 * Statements on PGlite's one connection, sent in batches. The caller must hold PGlite's query
 * and transaction locks for as long as it uses the batch: nothing else may run in between.
 */
export class PgliteBatch {
  #queue: Pending[] = [];
  #scheduled = false;

  /**
   * `syncToFs`: let PGlite write its file system through after each batch, as its query() does
   * outside a transaction (its transactions leave it to the next statement outside one).
   */
  constructor(
    readonly pg: PGlite,
    readonly session: PgliteSession,
    readonly syncToFs = false,
  ) {}

  /** Parsed answers of one statement (or of a simple-protocol script), up to its ReadyForQuery. */
  #send(parts: Uint8Array[]): Promise<BackendMessage[]> {
    return new Promise((answer, fail) => {
      this.#queue.push({ parts, answer, fail });
      if (!this.#scheduled) {
        this.#scheduled = true;
        // After this turn's promise reactions, so statements sent a few awaits apart still go
        // together.
        setImmediate(() => this.flush());
      }
    });
  }

  /** Sends what is queued now, without waiting for the end of this turn. */
  flush(): void {
    this.#scheduled = false;
    const batch = this.#queue;
    this.#queue = [];
    if (batch.length === 0) return;
    // PGlite parses the answers with its protocol parser as they come (and hands notifications
    // to its listeners); an error is one of the messages, not thrown. (Its execProtocol would
    // hand them to whatever raw stream the wire server set up last.)
    this.pg
      .execProtocolStream(concat(batch), {
        throwOnError: false,
        syncToFs: this.syncToFs,
      })
      .then((messages) => {
        let start = 0;
        let next = 0;
        for (let i = 0; i < messages.length && next < batch.length; i++) {
          if (messages[i]!.name !== 'readyForQuery') continue;
          batch[next++]!.answer(messages.slice(start, i + 1));
          start = i + 1;
        }
        if (next < batch.length)
          throw new Error('PGlite answered fewer statements than it was sent');
      })
      .catch((error: unknown) => {
        for (const pending of batch) pending.fail(error);
      });
  }

  /** The batch as a connection: statements go out in the order they are called. */
  readonly conn: Queryable = {
    query: async <Row>(
      sql: string,
      params: readonly unknown[] = [],
      options?: QueryOptions,
    ): Promise<QueryResult<Row>> => {
      const values = serializeParams(params);
      const prepared = options?.prepare ? this.session.statement(sql, values) : undefined;
      const messages = await this.#send([
        ...(prepared?.parts ?? [serialize.parse({ text: sql }), serialize.bind({ values })]),
        DESCRIBE_PORTAL,
        EXECUTE,
        SYNC,
      ]);
      const error = errorIn(messages);
      if (error !== undefined) {
        if (prepared) this.session.failed(sql, prepared.name, messages, error);
        throw error;
      }
      if (prepared) this.session.answered(prepared.name);
      return resultOf<Row>(messages, this.pg.parsers);
    },
    exec: async (sql: string): Promise<void> => {
      const error = errorIn(await this.#send([serialize.query(sql)]));
      if (error !== undefined) throw error;
    },
  };

  /**
   * The statements as one implicit transaction (Database.batch): their messages with one Sync
   * at the end, so PGlite commits them together at the Sync, or rolls all of them back at the
   * first failure and skips the rest.
   */
  async batch(statements: readonly Statement[]): Promise<QueryResult[]> {
    const sent = statements.map(({ sql, params = [], prepare }) => {
      const values = serializeParams(params);
      const prepared = prepare ? this.session.statement(sql, values) : undefined;
      const parts = prepared?.parts ?? [serialize.parse({ text: sql }), serialize.bind({ values })];
      return { sql, name: prepared?.name, parts: [...parts, DESCRIBE_PORTAL, EXECUTE] };
    });
    const messages = await this.#send([...sent.flatMap((s) => s.parts), SYNC]);
    // Each statement's answers, in order, up to the one that failed (if one did).
    const answers: BackendMessage[][] = [];
    let start = 0;
    messages.forEach((message, i) => {
      if (!ENDS.has(message.name)) return;
      answers.push(messages.slice(start, i + 1));
      start = i + 1;
    });
    const failure = messages.find((m) => m.name === 'error');
    sent.forEach(({ sql, name }, i) => {
      if (name === undefined) return;
      if (failure === undefined || i < answers.length - 1) this.session.answered(name);
      else this.session.failed(sql, name, answers[i] ?? [], failure);
    });
    if (failure !== undefined)
      throw new BatchError(answers.length - 1, asPgError(failure) as PgError);
    return answers.map((answer) => resultOf(answer, this.pg.parsers));
  }
}
