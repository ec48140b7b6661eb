import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { callFunction } from './helpers.ts';

// Project layouts the Supabase CLI accepts: entrypoints and import maps from config.toml,
// per-function deno.json, the shared functions/import_map.json, modules shared via _shared.
const CONFIG = `
[functions.custom-entry]
verify_jwt = false
entrypoint = "./functions/custom-entry/main.ts"

[functions.mapped]
verify_jwt = false
import_map = "./functions/mapped/imports.json"

[functions.with-deno-json]
verify_jwt = false

[functions.fallback-map]
verify_jwt = false
`;

const FILES = {
  'functions/custom-entry/main.ts': "Deno.serve(() => new Response('from main.ts'));\n",
  'functions/mapped/index.ts':
    "import { word } from 'words';\nDeno.serve(() => new Response(`mapped ${word}`));\n",
  'functions/mapped/imports.json': JSON.stringify({ imports: { words: './words.ts' } }),
  'functions/mapped/words.ts': "export const word = 'via import_map';\n",
  'functions/with-deno-json/index.ts':
    "import { word } from '@lib/word.ts';\nDeno.serve(() => new Response(`deno.json ${word}`));\n",
  'functions/with-deno-json/deno.json': JSON.stringify({ imports: { '@lib/': './lib/' } }),
  'functions/with-deno-json/lib/word.ts': "export const word = 'resolved';\n",
  'functions/fallback-map/index.ts':
    "import { shout } from 'shared-shout';\nDeno.serve(() => new Response(shout('fallback')));\n",
  'functions/import_map.json': JSON.stringify({
    imports: { 'shared-shout': './_shared/shout.ts' },
  }),
  'functions/_shared/shout.ts': 'export const shout = (s: string) => s.toUpperCase();\n',
};

describe.each(DRIVERS)('edge function project layouts on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver, config: CONFIG, files: FILES });
  });
  afterAll(() => stack?.close());

  const text = async (name: string) => {
    const res = await callFunction(stack, name);
    return `${res.status} ${await res.text()}`;
  };

  it('serves an entrypoint declared in config.toml', async () => {
    expect(await text('custom-entry')).toBe('200 from main.ts');
  });

  it('resolves imports through import_map from config.toml', async () => {
    expect(await text('mapped')).toBe('200 mapped via import_map');
  });

  it("resolves imports through the function's deno.json without writing a lock file", async () => {
    expect(await text('with-deno-json')).toBe('200 deno.json resolved');
    const { existsSync } = await import('node:fs');
    expect(existsSync(`${stack.workdir}/functions/with-deno-json/deno.lock`)).toBe(false);
  });

  it('falls back to functions/import_map.json', async () => {
    expect(await text('fallback-map')).toBe('200 FALLBACK');
  });
});
