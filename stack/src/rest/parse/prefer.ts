// The `Prefer` header: return, count, resolution, missing, handling, tx, max-affected, timezone
// (PostgREST v12+; `params=single-object` is gone). Unknown or invalid preferences are ignored
// unless handling=strict (PGRST122).
import { invalidPreferences } from '../errors.ts';

export interface Preferences {
  return?: 'minimal' | 'headers-only' | 'representation';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  tx?: 'commit' | 'rollback';
  maxAffected?: number;
  timezone?: string;
}

/** The preferences that take one of a fixed set of values. */
type Choice = Exclude<keyof Preferences, 'maxAffected' | 'timezone'>;

const ALLOWED: { [K in Choice]: readonly NonNullable<Preferences[K]>[] } = {
  return: ['minimal', 'headers-only', 'representation'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
};

const isChoice = (name: string): name is Choice => Object.hasOwn(ALLOWED, name);

/** Sets preference `name` to `value` when it is one of its allowed values. */
function choose<K extends Choice>(prefs: Preferences, name: K, value: string): boolean {
  const allowed: readonly NonNullable<Preferences[K]>[] = ALLOWED[name];
  const found = allowed.find((v) => v === value);
  if (found === undefined) return false;
  prefs[name] = found;
  return true;
}

export function parsePrefer(headers: string[]): Preferences {
  const prefs: Preferences = {};
  const invalid: string[] = [];
  const tokens = headers
    .flatMap((h) => h.split(','))
    .map((t) => t.trim())
    .filter(Boolean);
  const seen = new Set<string>();
  for (const token of tokens) {
    const eq = token.indexOf('=');
    const name = (eq < 0 ? token : token.slice(0, eq)).trim();
    const value = eq < 0 ? '' : token.slice(eq + 1).trim();
    if (seen.has(name)) continue;
    if (name === 'max-affected') {
      if (/^\d+$/.test(value)) {
        prefs.maxAffected = Number(value);
        seen.add(name);
      } else invalid.push(token);
      continue;
    }
    if (name === 'timezone') {
      prefs.timezone = value;
      seen.add(name);
      continue;
    }
    if (!isChoice(name) || !choose(prefs, name, value)) {
      invalid.push(token);
      continue;
    }
    seen.add(name);
  }
  if (prefs.handling === 'strict' && invalid.length > 0) throw invalidPreferences(invalid);
  return prefs;
}
