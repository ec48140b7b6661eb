#!/usr/bin/env node
// `npm start`: the local stack (in this process, from supabase/) and the app's Vite dev server (a
// child process) together. The app gets VITE_SUPABASE_URL and VITE_SUPABASE_PUBLISHABLE_KEY from
// the running stack; Ctrl-C stops both. Options: --memory (throwaway database), --port N (stack).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { builtStack } from '../stack/bin/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APP_URL = 'http://127.0.0.1:5173';
const DEMO = { email: 'demo@sheaf.local', password: 'sheaf-demo-2026' };

function option(name) {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

/**
 * The stack as `sheaf-stack` runs it: its build (stack/bin/build.mjs, made again when a source is
 * newer). Should the build fail, the sources run through tsx, which then reports what is wrong
 * in them; SHEAF_STACK_SOURCES=1 runs the sources always (stack traces then name them).
 */
async function loadStack() {
  try {
    if (process.env.SHEAF_STACK_SOURCES !== '1')
      return await import(pathToFileURL(await builtStack()).href);
  } catch {
    // Run the sources below.
  }
  register();
  return import('../stack/src/index.ts');
}

const { startStack } = await loadStack();

let stack;
try {
  stack = await startStack({
    workdir: path.join(root, 'supabase'),
    port: option('--port') ? Number(option('--port')) : undefined,
    memory: process.argv.includes('--memory'),
  });
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    message.includes('EADDRINUSE')
      ? 'npm start: the stack port is in use. Is Sheaf already running? Stop it, or pass --port N.'
      : `npm start: the stack did not start: ${message}`,
  );
  process.exit(1);
}
const status = stack.status();

const vite = spawn(
  process.execPath,
  [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), '--clearScreen', 'false'],
  {
    cwd: path.join(root, 'app'),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      VITE_SUPABASE_URL: status.api_url,
      VITE_SUPABASE_PUBLISHABLE_KEY: status.publishable_key,
    },
  },
);

let announced = false;
vite.stdout.on('data', (chunk) => {
  const text = chunk.toString();
  if (!announced && text.includes('5173')) {
    announced = true;
    console.log(
      [
        '',
        '  Sheaf is running.',
        '',
        `  Open the app:   ${APP_URL}`,
        `  Passkeys:       http://localhost:5173  (a browser refuses passkeys on an IP address)`,
        `  Inbox:          ${status.inbox_url}  (emails and SMS the stack sent)`,
        `  API:            ${status.api_url}`,
        `  Demo account:   ${DEMO.email} / ${DEMO.password}`,
        '',
        '  Press Ctrl-C to stop.',
        '',
      ].join('\n'),
    );
  } else if (announced) {
    process.stdout.write(text);
  } else if (/error/i.test(text)) {
    process.stderr.write(text);
  }
});

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Sheaf…');
  if (vite.exitCode === null) vite.kill('SIGTERM');
  await stack.stop().catch((error) => console.error('error while stopping the stack:', error));
  if (vite.exitCode === null) await new Promise((resolve) => vite.once('exit', resolve));
  process.exit(code);
}

vite.on('exit', (code, signal) => {
  if (stopping) return;
  // Ctrl-C reaches the dev server too; it may exit before our own handler runs.
  if (signal || code === 0 || code === 130) {
    void shutdown(0);
    return;
  }
  console.error(
    `npm start: the app's dev server stopped (exit ${code}). Is port 5173 already in use?`,
  );
  void shutdown(1);
});
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
