// Mixed load against a running stack: each worker repeats one kind of operation until told to
// stop, and every answer is counted by operation and by what came back (status and error code),
// with its time, so a scenario can see when clients were refused and when they recovered.
import { performance } from 'node:perf_hooks';

export interface Outcome {
  ok: boolean;
  status: number;
  /** The service's error code, when it answered with one. */
  code?: string;
}

export interface Operation {
  name: string;
  /** How many workers run it at once. */
  workers: number;
  run(): Promise<Outcome>;
}

export interface Sample {
  op: string;
  /** ms since the load started, when the answer arrived. */
  at: number;
  outcome: Outcome;
}

export interface LoadRun {
  samples: Sample[];
  /** Resolves when every worker has stopped. */
  done: Promise<void>;
  stop(): Promise<void>;
  /** ms since the load started. */
  now(): number;
}

export function startLoad(operations: Operation[]): LoadRun {
  const started = performance.now();
  const now = () => performance.now() - started;
  const samples: Sample[] = [];
  let running = true;
  const worker = async (op: Operation) => {
    while (running) {
      let outcome: Outcome;
      try {
        outcome = await op.run();
      } catch {
        outcome = { ok: false, status: 0, code: 'network' };
      }
      samples.push({ op: op.name, at: now(), outcome });
      // A refused request is retried after a pause, as a client would.
      if (!outcome.ok) await new Promise((r) => setTimeout(r, 25));
    }
  };
  const done = Promise.all(
    operations.flatMap((op) => Array.from({ length: op.workers }, () => worker(op))),
  ).then(() => undefined);
  return {
    samples,
    done,
    now,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Counts of answers per operation and per `status code` pair. */
export function tally(samples: Sample[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const { op, outcome } of samples) {
    const key = outcome.ok ? 'ok' : `${outcome.status} ${outcome.code ?? ''}`.trim();
    out[op] ??= {};
    out[op][key] = (out[op][key] ?? 0) + 1;
  }
  return out;
}

/**
 * The window in which clients were refused around a fault at `faultAt`: from the first failure
 * at or after it to the first success after the last failure.
 */
export function refusedWindow(samples: Sample[], faultAt: number, until = Infinity) {
  const around = samples.filter((s) => s.at >= faultAt && s.at <= until);
  const failures = around.filter((s) => !s.outcome.ok);
  if (failures.length === 0) return { first: undefined, recovered: undefined, ms: 0 };
  const first = failures[0]!.at;
  const last = failures[failures.length - 1]!.at;
  const recovered = around.find((s) => s.outcome.ok && s.at > last)?.at;
  return { first, recovered, ms: (recovered ?? last) - first };
}

/** The answer's error code in each service's shape (PostgREST, Auth, Storage). */
export async function errorCode(response: Response): Promise<string | undefined> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const code = body.error_code ?? body.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}
