// Issue 11's reliability figures: the chaos scenario "Postgres restarted under mixed load"
// (stack/test/chaos/scenarios/postgres-restart.ts) run once, reported: what clients were
// answered, how long they were refused around each restart next to how long the restart itself
// took (the baseline: the server was away at most that long), and the ledger's count of
// acknowledged writes lost.
import { postgresRestartUnderLoad } from '../stack/test/chaos/scenarios/postgres-restart.ts';
import { table, type BenchSection } from './lib.ts';

export default async function run(): Promise<BenchSection[]> {
  const report = await postgresRestartUnderLoad({ steadyMs: 3000 });
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const faults = table(
    [
      'fault',
      'pg_ctl restart took — baseline',
      'clients refused for',
      'ratio',
      'all operations back after the server',
    ],
    report.faults.map((f) => [
      `restart -m ${f.mode}`,
      ms(f.restartMs),
      ms(f.refusedMs),
      `${(f.refusedMs / f.restartMs).toFixed(2)}×`,
      ms(f.recoveredAfterServerMs),
    ]),
  );
  const answers = table(
    ['operation', 'answers'],
    Object.entries(report.answers).map(([op, counts]) => [
      op,
      Object.entries(counts)
        .map(([k, n]) => `${k}: ${n}`)
        .join(', '),
    ]),
  );
  const lost = report.lost.notes.length + report.lost.sessions.length + report.lost.objects.length;
  return [
    {
      title: 'Reliability: Postgres restarted under mixed load',
      body: `${faults}

${answers}

Acknowledged writes in the client-side ledger: ${report.acknowledged.notes} notes, ${report.acknowledged.sessions} sign-in sessions, ${report.acknowledged.objects} uploads — **${lost} lost** (notes checked by a direct query, sessions by refreshing them, uploads by downloading and comparing their SHA-256). The stack process ${report.stackExit ? `exited (${report.stackExit})` : 'stayed up'}; answers other than success or the service's "database unavailable" error: ${report.unexpected.length ? report.unexpected.join('; ') : 'none'}.

One run of the chaos scenario (\`npm run test:chaos\` asserts the same run): the stack as a child process on a durable Postgres server (synchronous_commit on), 3 s of load (3 REST writers, 2 REST readers, 1 password sign-in, 1 16 KB upload at a time) before, between and after \`pg_ctl restart -m immediate\` and \`-m fast\`; refused requests are retried after 25 ms.`,
    },
  ];
}
