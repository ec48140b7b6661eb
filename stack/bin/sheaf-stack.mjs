#!/usr/bin/env node
// Runs the stack's TypeScript sources directly (through tsx): no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
const code = await main(process.argv.slice(2));
if (code !== 0 || !['start'].includes(process.argv[2] ?? '')) process.exitCode = code;
