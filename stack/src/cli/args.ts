// Parses `sheaf-stack <command> [--workdir DIR] [--port N] [--memory] [--database-url URL] [--json]`.
export interface CliArgs {
  command: 'start' | 'status' | 'reset' | 'help';
  workdir: string;
  port?: number;
  memory: boolean;
  databaseUrl?: string;
  /** Proxies whose X-Forwarded-For is believed (repeatable --trusted-proxy). */
  trustedProxies: string[];
  json: boolean;
}

export class UsageError extends Error {}

export const USAGE = `usage: sheaf-stack <command> [options]

commands:
  start    start the stack (Auth, REST, Storage, Functions, inbox) on one port
  status   print the API URL and keys (--json for machine-readable output)
  reset    delete the local database and stored files, then apply migrations and seed again

options:
  --workdir DIR        folder in Supabase CLI layout (default: supabase)
  --port N             gateway port (default: [api] port in config.toml, 54321)
  --memory             keep the database in memory (start only)
  --database-url URL   use a Postgres server instead of the embedded one (or DATABASE_URL)
  --trusted-proxy ADDR believe X-Forwarded-For from this proxy (an address or CIDR range;
                       repeatable; or SHEAF_TRUSTED_PROXIES, comma-separated; default none)
  --json               status as JSON`;

export function parseArgs(argv: string[]): CliArgs {
  const [command = 'help', ...rest] = argv;
  if (!['start', 'status', 'reset', 'help', '--help', '-h'].includes(command))
    throw new UsageError(`unknown command "${command}"`);
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
        args.databaseUrl = value();
        break;
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
