// The build `sheaf-stack` runs: the stack's TypeScript sources bundled by esbuild into one ES
// module (dist/sheaf-stack.mjs; packages stay in node_modules), made again whenever a source is
// newer than it. Bundled, the stack is imported in about half the CPU it takes through tsx
// (bench/RESULTS.md, "Importing the stack"). Tests and `npm start` run the sources themselves.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = path.join(ROOT, 'src');
const OUT = path.join(ROOT, 'dist', 'sheaf-stack.mjs');

/** The newest modification time among the sources (and this file, which decides the build). */
function newestSource() {
  let newest = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else newest = Math.max(newest, statSync(file).mtimeMs);
    }
  };
  walk(SOURCES);
  return newest;
}

/** The path of an up-to-date build of the CLI, building it first when a source is newer. */
export async function builtCli() {
  if (existsSync(OUT) && statSync(OUT).mtimeMs >= newestSource()) return OUT;
  const { build } = await import('esbuild');
  mkdirSync(path.dirname(OUT), { recursive: true });
  // Written beside it, then renamed: stacks starting at once never read a half-written build.
  const partial = `${OUT}.${process.pid}.partial`;
  await build({
    entryPoints: [path.join(SOURCES, 'cli', 'main.ts')],
    outfile: partial,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'silent',
    banner: { js: '// Built from stack/src by stack/bin/build.mjs: edit the sources, not this.' },
  });
  renameSync(`${partial}.map`, `${OUT}.map`);
  renameSync(partial, OUT);
  return OUT;
}
