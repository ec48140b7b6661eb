// A cache of PGlite's data directory as it is after initdb, or after the stack's bootstrap.
// Creating a database runs initdb (and the bootstrap) inside WASM, which takes seconds; starting
// from a copy of the result takes a fraction of that. A database on disk starts from a copy of a
// template directory (one native copy, then PGlite opens it as an existing database); one in
// memory loads a tarball (PGlite's loadDataDir). Templates are made once per PGlite version by
// the first fresh start of each kind and shared by every later one (tests, CLI, bench).
import { cpSync, existsSync, readFileSync } from 'node:fs';
import {
  mkdir,
  readFile,
  readdir,
  rename,
  rm,
  rmdir,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

const require = createRequire(import.meta.url);
// The package does not export its package.json; it sits one folder above the entry point.
const packageJson = path.resolve(
  path.dirname(require.resolve('@electric-sql/pglite')),
  '..',
  'package.json',
);
const version = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;

/**
 * Where a template is kept: 'initdb' (a pristine cluster) or 'bootstrap-<hash>' (after the
 * stack's bootstrap), as a directory or as a gzipped tarball.
 */
export function templatePath(name: string, kind: 'dir' | 'tarball'): string {
  const base =
    process.env.SHEAF_CACHE_DIR ?? path.join(os.homedir() || os.tmpdir(), '.cache', 'sheaf-stack');
  const file = `pglite-${version}-${name.replace(/[^a-z0-9-]/gi, '')}`;
  return path.join(base, kind === 'dir' ? file : `${file}.tar.gz`);
}

/** Marks a template as in use (see the clean-up in saveTemplate). */
async function touch(file: string): Promise<void> {
  await utimes(file, new Date(), new Date()).catch(() => undefined);
}

/** A cached tarball of a data directory, if one was saved before. */
export async function readTemplate(name: string): Promise<Blob | undefined> {
  try {
    const file = templatePath(name, 'tarball');
    const blob = new Blob([await readFile(file)]);
    await touch(file);
    return blob;
  } catch {
    return undefined;
  }
}

/**
 * Makes `dataDir` (absent, or an empty directory) a copy of a cached template directory; false
 * when there is none or it could not be copied (dataDir is then as it was). The copy is made
 * beside it and renamed into place, so an interrupted one never looks like a database.
 */
export async function copyTemplate(name: string, dataDir: string): Promise<boolean> {
  const dir = templatePath(name, 'dir');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) return false;
  const temp = `${dataDir}.${process.pid}.${Date.now()}.tmp`;
  try {
    await mkdir(path.dirname(dataDir), { recursive: true });
    // The synchronous copy is native; fs.promises.cp walks the tree in JS at four times the CPU.
    cpSync(dir, temp, { recursive: true });
    await rmdir(dataDir).catch(() => undefined); // only ever an empty one
    await rename(temp, dataDir);
    await touch(dir);
    return true;
  } catch {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    return false;
  }
}

/**
 * Saves a database's files as a template (atomically; losing a race is harmless): a copy of
 * `dataDir` when it is on disk, else a tarball. A checkpoint first writes every change into the
 * data files, so a start from the template has no WAL to replay.
 */
export async function saveTemplate(
  pg: PGlite,
  name: string,
  dataDir: string | undefined,
): Promise<void> {
  try {
    const target = templatePath(name, dataDir ? 'dir' : 'tarball');
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await pg.exec('checkpoint');
    if (dataDir) {
      // No statement runs while the files are copied (as PGlite's own dumpDataDir).
      await pg._runExclusiveQuery(async () => cpSync(dataDir, temp, { recursive: true }));
    } else {
      const dump = await pg.dumpDataDir('gzip');
      await writeFile(temp, Buffer.from(await dump.arrayBuffer()));
    }
    await rename(temp, target).catch(async (error: unknown) => {
      await rm(temp, { recursive: true, force: true });
      // Another start saved the same directory first.
      if (!existsSync(target)) throw error;
    });
    // Bootstrap templates nobody read for a week go; newer ones may belong to another checkout
    // of the project (another branch's bootstrap) sharing this cache. Of the migrated ones (one
    // more with each edit of a migration) the last three read stay.
    const kind = /^(bootstrap|migrated)-/.exec(name)?.[1];
    if (kind) {
      const dir = path.dirname(target);
      const others = [];
      for (const entry of await readdir(dir)) {
        const other = path.join(dir, entry);
        if (!entry.startsWith(`pglite-${version}-${kind}-`) || entry.endsWith('.tmp')) continue;
        if (other === target) continue;
        others.push({ file: other, read: (await stat(other)).mtimeMs });
      }
      others.sort((a, b) => b.read - a.read);
      const weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
      for (const [i, other] of others.entries())
        if (kind === 'migrated' ? i >= 2 : other.read < weekAgo)
          await rm(other.file, { recursive: true, force: true });
    }
  } catch {
    // A cache that cannot be written only costs time on the next fresh start.
  }
}
