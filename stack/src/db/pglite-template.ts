// A cache of PGlite's freshly initialised data directory. Creating a database runs initdb inside
// WASM, which takes seconds; loading the same files from a tarball takes a fraction of that. The
// template is made once per PGlite version and shared by every fresh start (tests, CLI, bench).
import { readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
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

/** Templates: 'initdb' (a pristine cluster) or 'bootstrap-<hash>' (after the stack's bootstrap). */
function templateFile(name: string): string {
  const base =
    process.env.SHEAF_CACHE_DIR ?? path.join(os.homedir() || os.tmpdir(), '.cache', 'sheaf-stack');
  return path.join(base, `pglite-${version}-${name.replace(/[^a-z0-9-]/gi, '')}.tar.gz`);
}

/** A cached data directory, if one was saved before. */
export async function readTemplate(name: string): Promise<Blob | undefined> {
  try {
    const file = templateFile(name);
    const blob = new Blob([await readFile(file)]);
    // Marks it as in use (see the clean-up in saveTemplate).
    await utimes(file, new Date(), new Date()).catch(() => undefined);
    return blob;
  } catch {
    return undefined;
  }
}

/** Saves a database's files as a template (atomically; losing a race is harmless). */
export async function saveTemplate(pg: PGlite, name: string): Promise<void> {
  try {
    const file = templateFile(name);
    const dump = await pg.dumpDataDir('gzip');
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, Buffer.from(await dump.arrayBuffer()));
    await rename(temp, file);
    // Bootstrap templates nobody read for a week go; newer ones may belong to another checkout
    // of the project (another branch's bootstrap) sharing this cache.
    if (name.startsWith('bootstrap-')) {
      const dir = path.dirname(file);
      const weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
      for (const entry of await readdir(dir)) {
        const other = path.join(dir, entry);
        if (!entry.startsWith(`pglite-${version}-bootstrap-`) || other === file) continue;
        if ((await stat(other)).mtimeMs < weekAgo) await rm(other, { force: true });
      }
    }
  } catch {
    // A cache that cannot be written only costs time on the next fresh start.
  }
}
