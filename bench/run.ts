// `npm run bench`: runs every bench/*.bench.ts (or those named on the command line) one after
// another and writes bench/RESULTS.md. Benchmarks measure; they never pass or fail.
import { readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchSection } from './lib.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = (await readdir(dir))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const sections: BenchSection[] = [];
for (const file of files) {
  console.log(`bench: ${file}`);
  const mod = (await import(path.join(dir, file))) as { default: () => Promise<BenchSection[]> };
  for (const section of await mod.default()) {
    console.log(`\n## ${section.title}\n\n${section.body}\n`);
    sections.push(section);
  }
}

const header = `# Benchmark results

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}).
Every figure stands next to a baseline measured in the same run; the ratios are what to compare
between runs, since this machine is shared and absolute numbers drift.
`;
const body = sections.map((s) => `## ${s.title}\n\n${s.body}\n`).join('\n');
if (only.length === 0) {
  await writeFile(path.join(dir, 'RESULTS.md'), `${header}\n${body}`);
  console.log('wrote bench/RESULTS.md');
} else {
  console.log('(partial run: bench/RESULTS.md not rewritten)');
}
