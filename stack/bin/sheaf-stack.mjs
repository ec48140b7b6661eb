#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=2
// Runs the stack's TypeScript sources directly (through tsx): no build step. The first line also
// sizes the process for a long-running local server (see docs/architecture.md, Memory).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
const code = await main(process.argv.slice(2));
if (code !== 0 || !['start'].includes(process.argv[2] ?? '')) process.exitCode = code;
