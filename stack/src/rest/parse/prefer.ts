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

const ALLOWED: Record<string, string[]> = {
  return: ['minimal', 'headers-only', 'representation'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
};

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
    const allowed = ALLOWED[name];
    if (!allowed || !allowed.includes(value)) {
      invalid.push(token);
      continue;
    }
    seen.add(name);
    (prefs as unknown as Record<string, string>)[name] = value;
  }
  if (prefs.handling === 'strict' && invalid.length > 0) throw invalidPreferences(invalid);
  return prefs;
}
