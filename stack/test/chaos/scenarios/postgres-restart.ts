// Scenario: Postgres restarted (pg_ctl restart -m immediate, then -m fast) while the stack
// serves mixed load — REST reads and writes, password sign-ins, storage uploads — as a child
// process. Every acknowledged write goes into a client-side ledger and is checked afterwards:
// notes by a direct query, sessions by refreshing them, uploads by downloading and comparing.
// Used by the chaos test (which asserts) and by bench/chaos.bench.ts (which reports figures).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { Ledger } from '../harness/ledger.ts';
import {
  errorCode,
  refusedWindow,
  startLoad,
  tally,
  type Operation,
  type Outcome,
} from '../harness/load.ts';
import { createDatabase, makeProject, startPostgresServer } from '../harness/project.ts';
import { startStackProcess, type StackProcess } from '../harness/stack-process.ts';

const CONFIG = `
project_id = "chaos"
[api]
schemas = ["public"]
extra_search_path = ["public", "extensions"]
[storage]
file_size_limit = "5MiB"
[storage.buckets.chaos]
public = false
[auth]
site_url = "http://127.0.0.1:3000"
[auth.rate_limit]
sign_in_sign_ups = 1000000
token_refresh = 1000000
[auth.email]
enable_confirmations = false
`;

const MIGRATION = `
create table public.chaos_notes (
  id uuid primary key,
  owner uuid not null default auth.uid() references auth.users (id),
  body text not null
);
alter table public.chaos_notes enable row level security;
create policy own on public.chaos_notes for all to authenticated
  using (owner = auth.uid()) with check (owner = auth.uid());
grant select, insert on public.chaos_notes to authenticated;
create policy chaos_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'chaos' and (storage.foldername(name))[1] = auth.uid()::text);
create policy chaos_select on storage.objects for select to authenticated
  using (bucket_id = 'chaos' and (storage.foldername(name))[1] = auth.uid()::text);
`;

/** Answers that mean "the database is unavailable", in each service's own shape. */
export const UNAVAILABLE: Record<string, string[]> = {
  'rest-write': ['503 PGRST000', '503 PGRST001', '503 57P01'],
  'rest-read': ['503 PGRST000', '503 PGRST001', '503 57P01'],
  'sign-in': ['500 unexpected_failure'],
  upload: ['500 DatabaseError'],
};

export interface FaultFigures {
  mode: 'immediate' | 'fast';
  /** How long pg_ctl restart took (the server was unavailable at most this long). */
  restartMs: number;
  /** From the first refused request to the first success after the last refusal. */
  refusedMs: number;
  /** From the server being back to every operation succeeding again. */
  recoveredAfterServerMs: number;
}

export interface RestartReport {
  answers: Record<string, Record<string, number>>;
  acknowledged: { notes: number; sessions: number; objects: number };
  lost: { notes: string[]; sessions: string[]; objects: string[] };
  /** Answers other than success or the service's unavailable error. */
  unexpected: string[];
  faults: FaultFigures[];
  /** Set when the stack process exited during the run (it must not). */
  stackExit?: string;
  output: string;
}

interface User {
  id: string;
  token: string;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const timeout = () => AbortSignal.timeout(20_000);

async function outcome(response: Response, okStatus: number): Promise<Outcome> {
  if (response.status === okStatus) return { ok: true, status: response.status };
  return { ok: false, status: response.status, code: await errorCode(response) };
}

function operations(stack: StackProcess, users: User[], ledger: Ledger): Operation[] {
  const headers = (user: User) => ({
    apikey: stack.anonKey,
    Authorization: `Bearer ${user.token}`,
  });
  return [
    {
      name: 'rest-write',
      workers: 3,
      async run() {
        const user = pick(users);
        const id = randomUUID();
        const response = await fetch(`${stack.url}/rest/v1/chaos_notes`, {
          method: 'POST',
          headers: { ...headers(user), 'Content-Type': 'application/json' },
          body: JSON.stringify({ id, body: `note ${id}` }),
          signal: timeout(),
        });
        const result = await outcome(response, 201);
        if (result.ok) ledger.record('note', id, user.id);
        return result;
      },
    },
    {
      name: 'rest-read',
      workers: 2,
      async run() {
        const response = await fetch(`${stack.url}/rest/v1/chaos_notes?select=id&limit=5`, {
          headers: headers(pick(users)),
          signal: timeout(),
        });
        const result = await outcome(response, 200);
        if (result.ok) await response.arrayBuffer();
        return result;
      },
    },
    {
      name: 'sign-in',
      workers: 1,
      async run() {
        const response = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            email: `chaos-${users.indexOf(pick(users))}@example.com`,
            password: 'chaos-password-1',
          }),
          signal: timeout(),
        });
        if (response.status !== 200) return outcome(response, 200);
        const session = (await response.json()) as { refresh_token: string };
        ledger.record('session', session.refresh_token, null);
        return { ok: true, status: 200 };
      },
    },
    {
      name: 'upload',
      workers: 1,
      async run() {
        const user = pick(users);
        const bytes = randomBytes(16 * 1024);
        const name = `${user.id}/${randomUUID()}.bin`;
        const response = await fetch(`${stack.url}/storage/v1/object/chaos/${name}`, {
          method: 'POST',
          headers: { ...headers(user), 'Content-Type': 'application/octet-stream' },
          body: bytes,
          signal: timeout(),
        });
        const result = await outcome(response, 200);
        if (result.ok) ledger.record('object', name, sha(bytes));
        return result;
      },
    },
  ];
}

async function createUsers(stack: StackProcess, count: number): Promise<User[]> {
  const users: User[] = [];
  for (let i = 0; i < count; i++) {
    const email = `chaos-${i}@example.com`;
    const created = await fetch(`${stack.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: stack.serviceRoleKey,
        Authorization: `Bearer ${stack.serviceRoleKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ email, password: 'chaos-password-1', email_confirm: true }),
    });
    if (created.status !== 200) throw new Error(`creating ${email}: ${await created.text()}`);
    const signedIn = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'chaos-password-1' }),
    });
    const session = (await signedIn.json()) as { access_token: string; user: { id: string } };
    users.push({ id: session.user.id, token: session.access_token });
  }
  return users;
}

export interface RestartOptions {
  /** Load before, between and after the restarts (ms). */
  steadyMs?: number;
  users?: number;
}

export async function postgresRestartUnderLoad(
  options: RestartOptions = {},
): Promise<RestartReport> {
  const steadyMs = options.steadyMs ?? 1500;
  const server = await startPostgresServer({ durable: true });
  const project = makeProject(CONFIG, { '20260101000000_chaos.sql': MIGRATION });
  let stack: StackProcess | undefined;
  try {
    const databaseUrl = await createDatabase(server.url, 'chaos');
    stack = await startStackProcess({ workdir: project.workdir, databaseUrl });
    const users = await createUsers(stack, options.users ?? 4);
    const ledger = new Ledger();
    const ops = operations(stack, users, ledger);
    const load = startLoad(ops);
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const faults: FaultFigures[] = [];
    for (const mode of ['immediate', 'fast'] as const) {
      await sleep(steadyMs);
      const faultAt = load.now();
      await server.restart(mode);
      const backAt = load.now();
      // Recovered when every operation has succeeded since the server came back.
      const until = Date.now() + 60_000;
      const recoveredAt = () =>
        ops.map(
          (op) => load.samples.find((s) => s.op === op.name && s.at > backAt && s.outcome.ok)?.at,
        );
      while (recoveredAt().some((t) => t === undefined) && Date.now() < until) await sleep(50);
      const times = recoveredAt();
      if (times.some((t) => t === undefined)) throw new Error(`no recovery after -m ${mode}`);
      const recovered = Math.max(...(times as number[]));
      faults.push({
        mode,
        restartMs: backAt - faultAt,
        refusedMs: refusedWindow(load.samples, faultAt, recovered).ms,
        recoveredAfterServerMs: recovered - backAt,
      });
    }
    await sleep(steadyMs);
    await load.stop();
    const answers = tally(load.samples);
    const unexpected = Object.entries(answers).flatMap(([op, counts]) =>
      Object.keys(counts)
        .filter((k) => k !== 'ok' && !UNAVAILABLE[op]!.includes(k))
        .map((k) => `${op}: ${k} ×${counts[k]}`),
    );
    const lost = await verify(stack, databaseUrl, ledger);
    return {
      answers,
      acknowledged: {
        notes: ledger.entries('note').length,
        sessions: ledger.entries('session').length,
        objects: ledger.entries('object').length,
      },
      lost,
      unexpected,
      faults,
      stackExit: stack.exit ? JSON.stringify(stack.exit) : undefined,
      output: stack.output.slice(-4000),
    };
  } finally {
    await stack?.kill('SIGTERM');
    server.stop();
    project.remove();
  }
}

/** Checks every ledger entry; returns what was acknowledged but is gone. */
async function verify(stack: StackProcess, databaseUrl: string, ledger: Ledger) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const stored = new Set(
    (await client.query<{ id: string }>('select id from public.chaos_notes')).rows.map((r) => r.id),
  );
  await client.end();
  const service = { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` };
  return {
    notes: await ledger.lost('note', async (e) => stored.has(e.key)),
    sessions: await ledger.lost('session', async (e) => {
      const response = await fetch(`${stack.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: e.key }),
      });
      return response.status === 200;
    }),
    objects: await ledger.lost<string>('object', async (e) => {
      const response = await fetch(`${stack.url}/storage/v1/object/chaos/${e.key}`, {
        headers: service,
      });
      return (
        response.status === 200 && sha(new Uint8Array(await response.arrayBuffer())) === e.value
      );
    }),
  };
}
