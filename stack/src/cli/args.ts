// Parses `sheaf-stack <command> [--workdir DIR] [--port N] [--memory] [--database-url URL] [--json]`
// and `sheaf-stack gen types [--lang typescript] [--schema S]… [--db-url URL]`.
export interface CliArgs {
  command: 'start' | 'status' | 'reset' | 'gen-types' | 'help';
  workdir: string;
  port?: number;
  memory: boolean;
  databaseUrl?: string;
  /** Proxies whose X-Forwarded-For is believed (repeatable --trusted-proxy). */
  trustedProxies: string[];
  json: boolean;
  /** gen types: the schemas to generate (repeatable --schema); default public and [api] schemas. */
  schemas?: string[];
}

export class UsageError extends Error {}

export const USAGE = `usage: sheaf-stack <command> [options]

commands:
  start    start the stack (Auth, REST, Storage, Functions, inbox) on one port
  status   print the API URL and keys (--json for machine-readable output)
  reset    delete the local database and stored files, then apply migrations and seed again
  gen types
           print the TypeScript Database type of the schema (as \`supabase gen types typescript\`):
           the workdir's migrations on a temporary database, or --db-url's database

options:
  --workdir DIR        folder in Supabase CLI layout (default: supabase)
  --port N             gateway port (default: [api] port in config.toml, 54321)
  --memory             keep the database in memory (start only)
  --database-url URL   use a Postgres server instead of the embedded one (or DATABASE_URL)
  --trusted-proxy ADDR believe X-Forwarded-For from this proxy (an address or CIDR range;
                       repeatable; or SHEAF_TRUSTED_PROXIES, comma-separated; default none)
  --json               status as JSON
  --schema NAME        gen types: a schema to generate (repeatable; default public and [api] schemas)
  --db-url URL         gen types: read this Postgres database instead of the workdir's migrations
  --lang typescript    gen types: the language (TypeScript only)`;

export function parseArgs(argv: string[]): CliArgs {
  const [first = 'help', ...tail] = argv;
  if (!['start', 'status', 'reset', 'gen', 'help', '--help', '-h'].includes(first))
    throw new UsageError(`unknown command "${first}"`);
  if (first === 'gen' && tail[0] !== 'types')
    throw new UsageError(`unknown command "gen ${tail[0] ?? ''}" (did you mean "gen types"?)`);
  const command = first === 'gen' ? 'gen-types' : first;
  const rest = first === 'gen' ? tail.slice(1) : tail;
  const args: CliArgs = {
    command: command.startsWith('-') ? 'help' : (command as CliArgs['command']),
    workdir: 'supabase',
    memory: false,
    trustedProxies: [],
    json: false,
  };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i]!;
    const [name, inline] = flag.includes('=')
      ? [flag.slice(0, flag.indexOf('=')), flag.slice(flag.indexOf('=') + 1)]
      : [flag, undefined];
    const value = () => {
      const v = inline ?? rest[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case '--workdir':
        args.workdir = value();
        break;
      case '--port': {
        const v = value();
        const port = Number(v);
        if (!/^\d+$/.test(v) || port < 1 || port > 65535)
          throw new UsageError(`--port must be a number from 1 to 65535, got "${v}"`);
        args.port = port;
        break;
      }
      case '--memory':
        args.memory = true;
        break;
      case '--database-url':
      case '--db-url':
        args.databaseUrl = value();
        break;
      case '--schema':
        (args.schemas ??= []).push(value());
        break;
      case '--lang': {
        const lang = value();
        if (lang !== 'typescript')
          throw new UsageError(`--lang: only typescript is supported, got "${lang}"`);
        break;
      }
      case '--trusted-proxy':
        args.trustedProxies.push(value());
        break;
      case '--json':
        args.json = true;
        break;
      case '--help':
      case '-h':
        args.command = 'help';
        break;
      default:
        throw new UsageError(`unknown option "${flag}"`);
    }
  }
  return args;
}
