// `sheaf-stack gen types`: the Database type of the REST fixture, the same on PGlite and on a
// Postgres server, in the Supabase CLI's format, and strict enough that a client program
// written with createClient<Database>() typechecks — and fails to where it should. Also holds
// the app's committed database.types.ts to supabase/migrations.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genTypes, generateTypes } from '../../src/cli/gen-types/gen-types.ts';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { startRestStack } from './support.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Client code against the generated types; each @ts-expect-error must meet an error. */
const CLIENT = `
import { createClient } from '@supabase/supabase-js';
import type { Database, Enums, Tables, TablesInsert } from './database.types';

const db = createClient<Database>('http://127.0.0.1:54321', 'key');

export async function typed() {
  const one = await db.from('items').select('id, name, price').eq('id', 1).single();
  if (one.data) {
    const id: number = one.data.id;
    const name: string = one.data.name;
    const price: number | null = one.data.price;
    void [id, name, price];
  }
  const embedded = await db.from('projects').select('name, clients(name)');
  const clientName: string | undefined = embedded.data?.[0]?.clients?.name;
  const sum = await db.rpc('add', { a: 1, b: 2 });
  const n: number | null = sum.data;
  const ticket: TablesInsert<'tickets'> = { title: 'x', mood: 'calm' };
  const client: Tables<'clients'> = { id: 1, name: 'Acme' };
  const mood: Enums<'mood'> = 'busy';
  const list: Tables<'project_list'>['title'] = null;
  void [clientName, n, ticket, client, mood, list];
}

export async function refused() {
  // @ts-expect-error no such table
  await db.from('no_such_table').select();
  // @ts-expect-error name is text
  await db.from('items').insert({ name: 1 });
  // @ts-expect-error code is an identity column generated always
  await db.from('tickets').insert({ title: 'x', code: 5 });
  // @ts-expect-error b is an integer
  await db.rpc('add', { a: 1, b: 'two' });
  // @ts-expect-error not a mood
  const mood: Enums<'mood'> = 'angry';
  void mood;
}
`;

/** TypeScript's diagnostics for the client program beside `types`. */
function typecheck(types: string): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-gen-types-'));
  try {
    writeFileSync(path.join(dir, 'database.types.ts'), types);
    writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    const program = ts.createProgram([path.join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      baseUrl: ROOT,
      paths: { '@supabase/supabase-js': ['node_modules/@supabase/supabase-js'] },
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const generated = new Map<string, string>();

describe.each(DRIVERS)('gen types on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startRestStack(driver);
    generated.set(driver, await generateTypes(stack.db, ['public', 'other']));
  });
  afterAll(() => stack?.close());

  it('writes the CLI’s Database type: Row, Insert, Update, Relationships, Views, Functions, Enums, CompositeTypes', () => {
    const types = generated.get(driver)!;
    expect(types).toMatch(/^export type Json =\n {2}\| string\n/);
    expect(types).toContain('__InternalSupabase: {\n    PostgrestVersion: "14.1"\n  }');
    expect(types).toContain(
      [
        '      tickets: {',
        '        Row: {',
        '          code: number',
        '          id: number',
        '          mood: Database["public"]["Enums"]["mood"] | null',
        '          status: string',
        '          title: string',
        '          title_length: number | null',
        '        }',
        '        Insert: {',
        '          code?: never',
        '          id?: number',
      ].join('\n'),
    );
    expect(types).toContain(
      [
        '          {',
        '            foreignKeyName: "projects_client_id_fkey"',
        '            columns: ["client_id"]',
        '            isOneToOne: false',
        '            referencedRelation: "clients"',
        '            referencedColumns: ["id"]',
        '          },',
      ].join('\n'),
    );
    expect(types).toContain('add: { Args: { a: number; b: number }; Returns: number }');
    expect(types).toContain('mood: "calm" | "busy"');
    expect(types).toContain(
      'point2: {\n        x: number | null\n        y: number | null\n      }',
    );
    expect(types).toContain('export type TablesInsert<');
    expect(types).toContain('export const Constants = {');
  });

  it('lets a createClient<Database>() program typecheck, and refuses what the schema does not allow', () => {
    expect(typecheck(generated.get(driver)!)).toEqual([]);
  });
});

describe('generated types', () => {
  it('are the same whatever the database driver', () => {
    expect(generated.get('postgres')).toBe(generated.get('pglite'));
  });

  it('are up to date in app/src/lib/database.types.ts (npm run gen:types writes them)', async () => {
    const fresh = await genTypes({ workdir: path.join(ROOT, 'supabase') });
    const committed = readFileSync(path.join(ROOT, 'app/src/lib/database.types.ts'), 'utf8');
    expect(committed).toBe(fresh);
  });
});
