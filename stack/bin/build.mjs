// The builds the stack runs as: its TypeScript sources bundled by esbuild into ES modules —
// dist/sheaf-stack.mjs, the CLI `sheaf-stack` runs, and dist/stack.mjs, the library (startStack)
// `npm start` and the hop bench run; packages stay in node_modules — each made again whenever a
// source is newer than it. Bundled, the stack is imported in about half the CPU it takes through
// tsx (bench/RESULTS.md, "Importing the stack"), and its requests skip tsx's per-closure name
// helper. The tests run the sources themselves.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = path.join(ROOT, 'src');

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

/** The path of an up-to-date build of `entry` (under src/) at `out` (under dist/). */
async function built(entry, out) {
  const OUT = path.join(ROOT, 'dist', out);
  if (existsSync(OUT) && statSync(OUT).mtimeMs >= newestSource()) return OUT;
  const { build } = await import('esbuild');
  mkdirSync(path.dirname(OUT), { recursive: true });
  // Written beside it, then renamed: stacks starting at once never read a half-written build.
  const partial = `${OUT}.${process.pid}.partial`;
  await build({
    entryPoints: [path.join(SOURCES, ...entry.split('/'))],
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

/** The path of an up-to-date build of the CLI, building it first when a source is newer. */
export function builtCli() {
  return built('cli/main.ts', 'sheaf-stack.mjs');
}

/** The path of an up-to-date build of the library (src/index.ts: startStack and its types). */
export function builtStack() {
  return built('index.ts', 'stack.mjs');
}
