// A PGlite template cache of a test's own (SHEAF_CACHE_DIR), given copies of the shared cache's
// pristine and bootstrapped templates so that no test waits for initdb or the bootstrap in WASM.
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { templatePath } from '../../src/db/pglite-template.ts';

/** Points SHEAF_CACHE_DIR at `dir` (made and filled here); the returned function undoes it. */
export function useOwnTemplateCache(dir: string, bootstrapKey: string): () => void {
  const shared = path.dirname(templatePath('initdb', 'dir'));
  mkdirSync(dir, { recursive: true });
  const wanted = new RegExp(`^pglite-.*-(initdb|bootstrap-${bootstrapKey})(\\.tar\\.gz)?$`);
  for (const entry of existsSync(shared) ? readdirSync(shared) : [])
    if (wanted.test(entry))
      cpSync(path.join(shared, entry), path.join(dir, entry), { recursive: true });
  const saved = process.env.SHEAF_CACHE_DIR;
  process.env.SHEAF_CACHE_DIR = dir;
  return () => {
    if (saved === undefined) delete process.env.SHEAF_CACHE_DIR;
    else process.env.SHEAF_CACHE_DIR = saved;
  };
}
