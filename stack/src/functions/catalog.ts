// Which functions exist and how each is served, read as the Supabase CLI reads them:
// supabase/functions/<slug>/index.ts plus [functions.<slug>] in config.toml (enabled,
// verify_jwt, entrypoint, import_map), and the import map / deno.json next to the entrypoint.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/config.ts';

/** The CLI's function slug pattern. */
const SLUG = /^[A-Za-z][A-Za-z0-9_-]*$/;

export interface FunctionSpec {
  name: string;
  /** Absolute path of the entrypoint module. */
  entrypoint: string;
  verifyJwt: boolean;
  /** deno.json / deno.jsonc (a config file) or an import map, when the function has one. */
  importMap?: { kind: 'config' | 'import-map'; file: string };
}

export const functionsDir = (config: Config): string => path.join(config.workdir, 'functions');

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

async function findImportMap(
  config: Config,
  dir: string,
  declared: string | undefined,
): Promise<FunctionSpec['importMap']> {
  const kindOf = (file: string) =>
    /(^|[\\/])deno\.jsonc?$/.test(file) ? ('config' as const) : ('import-map' as const);
  if (declared) {
    const file = path.resolve(config.workdir, declared);
    return { kind: kindOf(file), file };
  }
  // In order of precedence; checked at once.
  const candidates = ['deno.json', 'deno.jsonc', 'import_map.json']
    .map((name) => path.join(dir, name))
    .concat(path.join(functionsDir(config), 'import_map.json'));
  const present = await Promise.all(candidates.map(isFile));
  const file = candidates.find((_, i) => present[i]);
  return file ? { kind: kindOf(file), file } : undefined;
}

/** The function called `name`, or undefined when there is none (or it is disabled). */
export async function findFunction(
  config: Config,
  name: string,
): Promise<FunctionSpec | undefined> {
  if (!SLUG.test(name)) return undefined;
  const declared = Object.hasOwn(config.functions, name) ? config.functions[name] : undefined;
  if (declared && !declared.enabled) return undefined;
  const dir = path.join(functionsDir(config), name);
  const entrypoint = declared?.entrypoint
    ? path.resolve(config.workdir, declared.entrypoint)
    : path.join(dir, 'index.ts');
  // A function declared in config.toml exists even when its file is missing (it then fails to boot).
  if (!declared && !(await isFile(entrypoint))) return undefined;
  const entryDir = path.dirname(entrypoint);
  const importMap = await findImportMap(config, entryDir, declared?.importMap);
  return { name, entrypoint, verifyJwt: declared?.verifyJwt ?? true, importMap };
}

/** True when supabase/functions holds at least one function (the Deno binary is then required). */
export async function hasFunctions(config: Config): Promise<boolean> {
  const entries = await readdir(functionsDir(config), { withFileTypes: true }).catch(() => []);
  for (const entry of entries)
    if (entry.isDirectory() && (await findFunction(config, entry.name))) return true;
  return Object.values(config.functions).some((f) => f.enabled);
}
