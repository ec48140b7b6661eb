// A batch on one pooled connection of the server driver (Database.batch): every statement's
// Parse (when the connection does not have it prepared yet), Bind, Describe (unless it is
// prepared and its rows' shape known from an earlier Describe) and Execute, then a single Sync. That is one write, one round trip, and one implicit transaction, which Postgres
// commits at the Sync. When a statement fails, Postgres skips the rest and rolls back the whole
// batch.
//
// node-postgres ends every query with a Sync of its own, so the batch is a query object of ours.
// It has the driver's Query in its prototype chain because a pipelining client refuses other
// query objects, but it does not run Query's constructor, which makes an event emitter and a
// result with its row parser that the batch never uses, on every request. It writes the
// protocol messages itself and reads the answers of all its statements up to the one
// ReadyForQuery.
import pg from 'pg';
import type { DatabaseError } from 'pg-protocol';
import type { Field, QueryResult, Statement } from './adapter.ts';
import { BatchError } from './adapter.ts';
import { parserTable } from './parse-value.ts';
import { prepareValue } from './pglite-wire.ts';
import type { PreparedStatements, RowShape } from './prepared.ts';

const parsers = parserTable();
const asText = (text: string) => text;

/**
 * The part of node-postgres's connection the batch writes to: its protocol messages, and its
 * record of the statements prepared on it (private, absent from its types).
 */
interface Connection {
  stream: { cork(): void; uncork(): void };
  parsedStatements: Record<string, string>;
  parse(message: { text: string; name?: string }): void;
  bind(message: { statement?: string; values: (string | Buffer | null)[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string; rows: number }): void;
  sync(): void;
}

interface RowDescription {
  fields: { name: string; dataTypeID: number }[];
}

/** One statement as the batch sends it: its values already in wire form. */
interface Outgoing {
  text: string;
  /** The name it is prepared under, when it is kept prepared. */
  name?: string;
  values: (string | Buffer | null)[];
  /** Its rows' shape, when it is prepared on the connection and was described before. */
  shape?: RowShape;
}

/** What one statement answered so far. */
interface Answer {
  fields: Field[];
  parse: ((text: string) => unknown)[];
  rows: Record<string, unknown>[];
  rowCount: number;
  /** Whether this batch described it (its shape is new to the batch). */
  described: boolean;
}

const answerOf = (shape: RowShape | undefined): Answer => ({
  fields: shape?.fields ?? [],
  parse: shape?.parse ?? [],
  rows: [],
  rowCount: 0,
  described: false,
});

/** The rows a CommandComplete tag counts (`INSERT 0 3`, `UPDATE 2`, `SELECT 5`). */
function taggedCount(tag: string): number | undefined {
  const count = /(\d+)$/.exec(tag)?.[1];
  return count === undefined ? undefined : Number(count);
}

/** Values as node-postgres sends them: text, bytes, or null. */
function wireValues(params: readonly unknown[]): (string | Buffer | null)[] {
  return params.map((param) => {
    const value = prepareValue(param);
    return value === undefined ? null : (value as string | Buffer | null);
  });
}

type Done = (error: unknown, answers: Answer[]) => void;

/**
 * The batch as node-postgres sees a query. Its answers arrive in order: for each statement a
 * RowDescription (or NoData), its DataRows and a CommandComplete, then one ReadyForQuery. An
 * ErrorResponse ends the batch early: Postgres answers nothing more before the ReadyForQuery.
 */
class BatchQuery {
  readonly #outgoing: Outgoing[];
  readonly #done: Done;
  readonly #answers: Answer[];
  /** The statement whose answers arrive now. */
  #at = 0;
  #finished = false;

  constructor(outgoing: Outgoing[], done: Done) {
    this.#outgoing = outgoing;
    this.#done = done;
    this.#answers = outgoing.map(({ shape }) => answerOf(shape));
  }

  submit(connection: pg.Connection): void {
    const conn = connection as unknown as Connection;
    // Corked: the whole batch goes out in one write.
    conn.stream.cork();
    try {
      for (const { text, name, values, shape } of this.#outgoing) {
        if (name === undefined || conn.parsedStatements[name] === undefined)
          conn.parse({ text, name });
        conn.bind({ statement: name, values });
        if (!shape) conn.describe({ type: 'P', name: '' });
        conn.execute({ portal: '', rows: 0 });
      }
      conn.sync();
    } finally {
      conn.stream.uncork();
    }
  }

  /** The answer the next message belongs to. */
  get #current(): Answer {
    return this.#answers[this.#at]!;
  }

  handleRowDescription(message: RowDescription): void {
    const answer = this.#current;
    answer.fields = message.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    answer.parse = message.fields.map((f) => parsers[f.dataTypeID] ?? asText);
    answer.described = true;
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    const answer = this.#current;
    const { fields, parse } = answer;
    const row: Record<string, unknown> = {};
    const values = message.fields;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      row[fields[i]!.name] = value === null || value === undefined ? null : parse[i]!(value);
    }
    answer.rows.push(row);
  }

  handleCommandComplete(message: { text: string }): void {
    const answer = this.#current;
    answer.rowCount = taggedCount(message.text) ?? answer.rows.length;
    this.#at++;
  }

  /** An empty statement text: answered without a CommandComplete. */
  handleEmptyQuery(): void {
    this.#at++;
  }

  handlePortalSuspended(): void {
    // Every Execute asks for all rows: a portal is never suspended.
  }

  /**
   * node-postgres hands over Postgres's error and then no more of the batch's answers (it
   * routes the ReadyForQuery after it to nobody), or the connection's loss.
   */
  handleError(error: DatabaseError | Error): void {
    // Postgres's error answers the statement whose answer is open; one after every statement
    // was answered is the commit's (a deferred constraint, a serialization failure).
    const fromPostgres = error instanceof pg.DatabaseError;
    this.#finish(fromPostgres ? new BatchError(this.#at, error) : error);
  }

  handleReadyForQuery(): void {
    this.#finish(undefined);
  }

  #finish(error: unknown): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#done(error, this.#answers);
  }
}
// What makes the pipelining client take it (`instanceof Query`); every handler it calls is the
// batch's own.
Object.setPrototypeOf(BatchQuery.prototype, pg.Query.prototype);

/**
 * Runs the statements as one batch on the client. Statements kept prepared are named by
 * `prepared`; a statement the batch parsed but Postgres may not have kept (it failed, or was
 * skipped after a failure) is forgotten, so the next use parses it again.
 */
export function runBatch(
  client: pg.PoolClient,
  prepared: PreparedStatements,
  statements: readonly Statement[],
): Promise<QueryResult[]> {
  const conn = (client as unknown as { connection: Connection }).connection;
  let outgoing: Outgoing[];
  try {
    // Every value is turned into wire form before anything is written: a value that cannot be
    // sent fails the batch while the connection has seen none of it.
    outgoing = statements.map(({ sql, params = [], prepare }) => {
      const name = prepare ? prepared.nameFor(sql) : undefined;
      const known = name !== undefined && conn.parsedStatements[name] !== undefined;
      return {
        text: sql,
        name,
        values: wireValues(params),
        shape: known ? prepared.shapeOf(name) : undefined,
      };
    });
  } catch (error) {
    return Promise.reject(error);
  }
  const parsedHere = outgoing.map(({ name }) =>
    name === undefined ? false : conn.parsedStatements[name] === undefined,
  );
  /** What the connection has prepared now that the batch is answered (or failed). */
  const remember = (error: unknown, answers: Answer[]) => {
    const failedAt = error instanceof BatchError ? error.index : error ? 0 : outgoing.length;
    outgoing.forEach(({ text, name }, i) => {
      if (name === undefined) return;
      // Answered: prepared for good. The failed one may exist (its Parse went through), the
      // ones after it do not: parsed again under a new name next time.
      if (i < failedAt) {
        if (parsedHere[i]) conn.parsedStatements[name] = text;
        const answer = answers[i];
        if (answer?.described)
          prepared.rememberShape(name, { fields: answer.fields, parse: answer.parse });
      } else if (parsedHere[i]) prepared.forget(text, i === failedAt);
      // A plan the schema made stale ("cached plan must not change result type").
      else if (i === failedAt && error instanceof BatchError && error.error.code === '0A000')
        prepared.forget(text, true);
    });
  };
  return new Promise((resolve, reject) => {
    const query = new BatchQuery(outgoing, (error, answers) => {
      try {
        remember(error, answers);
      } finally {
        if (error) reject(error);
        else resolve(answers.map(({ rows, rowCount, fields }) => ({ rows, rowCount, fields })));
      }
    });
    client.query(query);
  });
}
