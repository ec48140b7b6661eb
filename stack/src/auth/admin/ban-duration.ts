// `ban_duration` as Supabase Auth reads it: a Go duration ("24h", "1h30m", "90s"), "none" to
// lift a ban, or nothing to leave it as it is.
import { authError } from '../errors.ts';

const UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60000,
  h: 3600000,
};

/** Parses a Go duration into milliseconds; undefined when malformed. */
function parseGoDuration(value: string): number | undefined {
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value)) return undefined;
  let total = 0;
  for (const [, n, , unit] of value.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g))
    total += Number(n) * UNITS[unit!]!;
  return total;
}

/** The ban to apply in milliseconds, null to lift one, undefined to leave it. */
export function parseBanDuration(ban: string | undefined): number | null | undefined {
  if (ban === undefined || ban === '') return undefined;
  if (ban === 'none') return null;
  const ms = parseGoDuration(ban);
  if (ms === undefined)
    throw authError(
      'validation_failed',
      `invalid format for ban duration: time: invalid duration "${ban}"`,
    );
  return ms;
}
