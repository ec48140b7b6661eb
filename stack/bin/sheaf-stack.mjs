#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=2
// Runs the stack's build (bin/build.mjs makes it from the sources whenever one is newer). Should
// the build fail, the sources run through tsx instead, which then reports what is wrong in them;
// SHEAF_STACK_SOURCES=1 runs the sources through tsx always (stack traces then name them).
// The first line also sizes the process for a long-running local server (see
// docs/architecture.md, Memory).
import { pathToFileURL } from 'node:url';
import { builtCli } from './build.mjs';

async function loadMain() {
  try {
    if (process.env.SHEAF_STACK_SOURCES !== '1')
      return (await import(pathToFileURL(await builtCli()).href)).main;
  } catch {
    // Run the sources below.
  }
  const { register } = await import('tsx/esm/api');
  register();
  return (await import('../src/cli/main.ts')).main;
}

const main = await loadMain();
const code = await main(process.argv.slice(2));
if (code !== 0 || !['start'].includes(process.argv[2] ?? '')) process.exitCode = code;
