import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { callFunction, startFunctionsStack } from './helpers.ts';

describe.each(DRIVERS)('edge function hot reload on %s', (driver) => {
  let stack: TestStack;
  const write = (rel: string, text: string) =>
    writeFileSync(path.join(stack.workdir, 'functions', rel), text);
  const text = async (name: string) => {
    const res = await callFunction(stack, name);
    return `${res.status} ${await res.text()}`;
  };
  beforeAll(async () => {
    stack = await startFunctionsStack(driver);
  });
  afterAll(() => stack?.close());

  it('picks up an edited module on the next call', async () => {
    expect(await text('reload')).toBe('200 version 1');
    expect(await text('reload')).toBe('200 version 1');
    write('reload/version.ts', 'export const version = 2;\n');
    expect(await text('reload')).toBe('200 version 2');
  });

  it('recovers once a broken edit is fixed', async () => {
    write('reload/index.ts', 'Deno.serve(() => new Response(;\n');
    expect(await text('reload')).toMatch(/^503 .*BOOT_ERROR/);
    expect(await text('reload')).toMatch(/^503 .*BOOT_ERROR/);
    write('reload/index.ts', "Deno.serve(() => new Response('fixed'));\n");
    expect(await text('reload')).toBe('200 fixed');
  });

  it('serves a function created while the stack runs, and sees .env changes', async () => {
    write('.env', 'GREETING=changed\n');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(path.join(stack.workdir, 'functions', 'fresh'));
    write('fresh/index.ts', "Deno.serve(() => new Response(Deno.env.get('GREETING')));\n");
    expect(await text('fresh')).toBe('200 changed');
  });
});
