// A cheap fingerprint of the files a function can load: every file under supabase/functions
// (shared modules included, as the CLI's watcher covers the whole folder) plus an entrypoint or
// import map outside it. A different fingerprint on the next call means "restart the worker".
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

const SKIP_DIRS = new Set(['node_modules', '.git', 'vendor']);
const MAX_FILES = 2000;

async function walk(dir: string, out: Promise<string>[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const subdirs: Promise<void>[] = [];
  for (const entry of entries) {
    if (out.length >= MAX_FILES) break;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) subdirs.push(walk(full, out));
    } else if (entry.isFile() || entry.isSymbolicLink()) {
      out.push(describe(full));
    }
  }
  await Promise.all(subdirs);
}

async function describe(file: string): Promise<string> {
  const s = await stat(file).catch(() => undefined);
  return s ? `${file}:${s.mtimeMs}:${s.size}` : `${file}:-`;
}

/** Fingerprint of `root` and of the extra files given. Stats run in parallel. */
export async function fingerprint(root: string, extra: string[] = []): Promise<string> {
  const out: Promise<string>[] = [];
  await walk(root, out);
  for (const file of extra) if (!file.startsWith(root + path.sep)) out.push(describe(file));
  return (await Promise.all(out)).sort().join('\n');
}
