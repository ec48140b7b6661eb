// The files of a Supabase folder that the database set-up reads: migrations in the CLI's version
// order (other files ignored, as the CLI ignores them) and the seed files, globs expanded.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

const MIGRATION_NAME = /^(\d+)_(.*)\.sql$/;

/** Lists migration files the CLI would apply, sorted by version; other files are ignored. */
export async function listMigrations(dir: string): Promise<MigrationFile[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return sortMigrations(entries).map((entry) => {
    const m = MIGRATION_NAME.exec(entry)!;
    return { version: m[1]!, name: m[2]!, file: path.join(dir, entry) };
  });
}

export function sortMigrations(names: string[]): string[] {
  return names
    .filter((name) => MIGRATION_NAME.test(name))
    .sort((a, b) => {
      const va = MIGRATION_NAME.exec(a)![1]!;
      const vb = MIGRATION_NAME.exec(b)![1]!;
      // Versions compare as numbers of any length ("20240101000000" vs "1").
      return va.length !== vb.length ? va.length - vb.length : va < vb ? -1 : va > vb ? 1 : 0;
    });
}

/** Seed paths are relative to the supabase folder and may end in a `*.sql` glob, as in the CLI. */
export async function expandSeedPath(workdir: string, pattern: string): Promise<string[]> {
  const full = path.resolve(workdir, pattern);
  if (!full.includes('*')) {
    try {
      await readFile(full);
      return [full];
    } catch {
      return [];
    }
  }
  const dir = path.dirname(full);
  const re = new RegExp(
    '^' +
      path
        .basename(full)
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*') +
      '$',
  );
  try {
    return (await readdir(dir))
      .filter((f) => re.test(f))
      .sort()
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

/** Every seed file the configured paths name, in order. */
export async function seedFiles(workdir: string, sqlPaths: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const pattern of sqlPaths) files.push(...(await expandSeedPath(workdir, pattern)));
  return files;
}
