// The reachability machine's probe (lib/reachability.ts): one small REST read as the anonymous
// role (a table's first row, which row-level security hides from it), so an answer means the
// gateway, PostgREST and Postgres all answer — what the app's reads need. Any status but a
// gateway error (502/503/504) counts as an answer; no answer within 10 s, as none.
import type { AppEnv } from './env.ts';
import { isGatewayStatus, type ProbeResult } from './reachability.ts';

const PROBE_TIMEOUT_MS = 10_000;

export function serverProbe(
  env: AppEnv,
  send: typeof fetch = (input, init) => fetch(input, init),
): () => Promise<ProbeResult> {
  const url = `${env.supabaseUrl}/rest/v1/notebooks?select=id&limit=1`;
  return async () => {
    try {
      const response = await send(url, {
        headers: { apikey: env.supabaseKey, Authorization: `Bearer ${env.supabaseKey}` },
        cache: 'no-store',
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return isGatewayStatus(response.status) ? 'failed' : 'answered';
    } catch {
      return 'failed';
    }
  };
}
