// The environment a function sees, as `supabase functions serve` provides it: the project's URL
// and keys, SUPABASE_DB_URL, the variables of supabase/functions/.env (names starting with
// SUPABASE_ are skipped, as the CLI does), [edge_runtime.secrets] and SB_EXECUTION_ID per worker.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StackContext } from '../context/context.ts';
import { functionsDir } from './catalog.ts';

/** Parses a dotenv file: KEY=value, `export KEY=value`, quotes, # comments. */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const line = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)?$/;
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*(#|$)/.test(raw)) continue;
    const match = line.exec(raw);
    if (!match) continue;
    let value = (match[2] ?? '').trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'" || quote === '`') && value.lastIndexOf(quote) > 0) {
      value = value.slice(1, value.lastIndexOf(quote));
      if (quote === '"')
        value = value.replace(/\\([nrt"\\])/g, (_, c: string) =>
          c === 'n' ? '\n' : c === 'r' ? '\r' : c === 't' ? '\t' : c,
        );
    } else {
      value = value.replace(/\s+#.*$/, '');
    }
    out[match[1]!] = value;
  }
  return out;
}

/**
 * The user's variables: [edge_runtime.secrets] from config.toml, then supabase/functions/.env
 * over them, as the CLI merges them.
 */
export async function readFunctionsEnvFile(ctx: StackContext): Promise<Record<string, string>> {
  const file = path.join(functionsDir(ctx.config), '.env');
  const text = await readFile(file, 'utf8').catch(() => '');
  const vars = { ...ctx.config.edgeRuntime.secrets, ...parseDotenv(text) };
  for (const name of Object.keys(vars)) {
    if (name.startsWith('SUPABASE_')) {
      ctx.log.warn(`function env names cannot start with SUPABASE_, skipping ${name}`);
      delete vars[name];
    }
  }
  return vars;
}

/** The full environment of one function worker. */
export async function functionEnv(
  ctx: StackContext,
  dbUrl: string | undefined,
): Promise<Record<string, string>> {
  const { keys } = ctx;
  return {
    ...(await readFunctionsEnvFile(ctx)),
    SUPABASE_URL: ctx.apiUrl,
    SUPABASE_ANON_KEY: keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secretKey }),
    SUPABASE_JWKS: JSON.stringify(keys.jwks),
    ...(dbUrl ? { SUPABASE_DB_URL: dbUrl } : {}),
    SB_EXECUTION_ID: randomUUID(),
  };
}
