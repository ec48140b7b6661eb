// `sheaf-stack gen types`: the TypeScript `Database` type of a schema, in the format of
// `supabase gen types typescript`, so `createClient<Database>()` types every query. It reads a
// Postgres server (`--db-url`, e.g. the one a running stack uses), or, by default, a temporary
// in-memory database built from the workdir's migrations — the schema the stack runs.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config/config.ts';
import type { Database } from '../../db/adapter.ts';
import { openDatabase } from '../../db/open.ts';
import { createLogger } from '../../lib/log.ts';
import { POSTGREST_VERSION } from '../../rest/version.ts';
import { prepareDatabase } from '../../stack.ts';
import { introspect } from './introspect.ts';
import { buildModel } from './model.ts';
import { renderTypes } from './render.ts';

export interface GenTypesOptions {
  workdir: string;
  /** A Postgres server to read instead of building the workdir's schema. */
  databaseUrl?: string;
  /** Schemas to generate; by default public and `[api] schemas`, as the Supabase CLI does. */
  schemas?: string[];
}

/** The generated file's text for an open database. */
export async function generateTypes(db: Database, schemas: string[]): Promise<string> {
  const model = buildModel(await introspect(db, schemas));
  // The CLI formats with prettier's defaults and no semicolons.
  const { default: prettier } = await import('prettier');
  return prettier.format(renderTypes(model, POSTGREST_VERSION), {
    parser: 'typescript',
    semi: false,
  });
}

export async function genTypes(options: GenTypesOptions): Promise<string> {
  const workdir = path.resolve(options.workdir);
  const config = await loadConfig(workdir);
  const schemas = options.schemas?.length
    ? options.schemas
    : [...new Set(['public', ...config.api.schemas])];
  if (options.databaseUrl) {
    const db = await openDatabase({ databaseUrl: options.databaseUrl });
    try {
      return await generateTypes(db, schemas);
    } finally {
      await db.close();
    }
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-gen-types-'));
  try {
    const { db } = await prepareDatabase(config, { memory: true }, dataDir, createLogger(true));
    try {
      return await generateTypes(db, schemas);
    } finally {
      await db.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
