// Files the stack reads from its own source tree at run time (the bootstrap SQL, the functions'
// Deno bootstrap), found from the package's root — the same whether this code runs from its
// sources (src/…) or from the build `sheaf-stack` runs (dist/sheaf-stack.mjs, one file).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'src', 'lib', 'source-file.ts'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('sheaf-stack: its source tree (src/) is missing');
    dir = parent;
  }
  return dir;
}

const ROOT = packageRoot();

/** A path under the stack's src/ directory. */
export function sourceFile(...segments: string[]): string {
  return path.join(ROOT, 'src', ...segments);
}
