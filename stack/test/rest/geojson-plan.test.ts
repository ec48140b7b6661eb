// `Accept: application/geo+json` and `application/vnd.pgrst.plan` as postgrest-js's own suite
// (transforms.test.ts: geojson, explain) checks them against PostgREST. GeoJSON is built by
// ST_AsGeoJSON(record), found on the search path as PostgREST finds it: without PostGIS (neither
// PGlite nor the test server has it) Postgres answers 42883, which PostgREST sends as 404. The
// FeatureCollection around the features is ours, so it is checked with an ST_AsGeoJSON(record)
// the test defines in `extensions` where PostGIS would put its own.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { rest, serviceClient } from './support.ts';

const ENABLE_PLANS = `do $$ begin
  execute format('alter role authenticator in database %I set pgrst.db_plan_enabled = true',
    current_database());
end $$;`;

// PostGIS's ST_AsGeoJSON(record) makes a Feature of a row: its geometry column, and the other
// columns as properties. This one reads a point from a `geom` text column `POINT(x y)`.
const AS_GEOJSON = `create schema if not exists extensions;
create function extensions.st_asgeojson(r record) returns text language plpgsql as $$
declare j jsonb := to_jsonb(r); p text[];
begin
  p := regexp_match(j->>'geom', 'POINT\\(([-0-9.]+) ([-0-9.]+)\\)');
  return jsonb_build_object('type', 'Feature',
    'geometry', jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(p[1]::numeric, p[2]::numeric)),
    'properties', j - 'geom')::text;
end $$;
create table public.shops (id int primary key, address text, geom text);
insert into public.shops values (1, '1369 Cambridge St', 'POINT(-71.10044 42.373695)');
grant all on public.shops to anon, authenticated, service_role;`;

const GEOJSON = { Accept: 'application/geo+json' };

describe.each(DRIVERS)('geo+json without PostGIS on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver, fixture: 'rest' });
  });
  afterAll(() => stack?.close());

  it('answers 404 42883 as PostgREST does when ST_AsGeoJSON does not exist', async () => {
    const res = await rest(stack, '/items?select=id,name', { headers: GEOJSON });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: '42883',
      message: 'function st_asgeojson(record) does not exist',
      details: null,
      hint: 'No function matches the given name and argument types. You might need to add explicit type casts.',
    });
  });

  it('refuses an execution plan with 406 PGRST107 while pgrst.db_plan_enabled is off', async () => {
    const mime = 'application/vnd.pgrst.plan+json; for="application/geo+json"';
    const res = await rest(stack, '/items', { headers: { Accept: mime } });
    expect(res.status).toBe(406);
    expect(await res.json()).toEqual({
      code: 'PGRST107',
      message: `None of these media types are available: ${mime}`,
      details: null,
      hint: null,
    });
  });

  it('passes over a plan it may not give to the next acceptable type, as PostgREST does', async () => {
    const res = await rest(stack, '/items?select=id&id=eq.1', {
      headers: { Accept: 'application/vnd.pgrst.plan+json, text/csv;q=0.5' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await res.text()).toBe('id\n1');
  });
});

describe.each(DRIVERS)('geo+json and execution plans on %s', (driver) => {
  let stack: TestStack;
  let db: SupabaseClient;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      fixture: 'rest',
      migrations: {
        '20240201000000_enable.sql': ENABLE_PLANS,
        '20240201000001_geojson.sql': AS_GEOJSON,
      },
    });
    db = serviceClient(stack);
  });
  afterAll(() => stack?.close());

  it('answers geojson() with a FeatureCollection of the rows', async () => {
    const res = await db.from('shops').select().geojson();
    expect(res.error).toBeNull();
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-71.10044, 42.373695] },
          properties: { id: 1, address: '1369 Cambridge St' },
        },
      ],
    });
  });

  it('names application/geo+json in Content-Type, and an empty result has no features', async () => {
    const res = await rest(stack, '/shops?id=eq.2', { headers: GEOJSON });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    expect(res.headers.get('content-range')).toBe('*/*');
    expect(await res.json()).toEqual({ type: 'FeatureCollection', features: [] });
  });

  it('answers a write with return=representation as GeoJSON', async () => {
    const res = await rest(stack, '/shops', {
      method: 'POST',
      token: stack.keys.serviceRoleKey,
      headers: { ...GEOJSON, Prefer: 'return=representation', 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 3, address: 'Main St', geom: 'POINT(1 2)' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    const body = await res.json();
    expect(body.features).toEqual([
      expect.objectContaining({ properties: { id: 3, address: 'Main St' } }),
    ]);
  });

  it('explains the query of the media type named by for=', async () => {
    const mime = 'application/vnd.pgrst.plan+text; for="application/geo+json"';
    const res = await rest(stack, '/shops', { headers: { Accept: mime } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${mime}; charset=utf-8`);
    expect(await res.text()).toMatch(/^Aggregate {2}\(cost=/);
  });

  it('refuses a plan for a media type nothing produces (406 PGRST107)', async () => {
    const res = await rest(stack, '/shops', {
      headers: { Accept: 'application/vnd.pgrst.plan; for="text/plain"' },
    });
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({
      code: 'PGRST107',
      message:
        'None of these media types are available: application/vnd.pgrst.plan+text; for="text/plain"',
    });
  });

  it('answers explain() as JSON or text', async () => {
    const json = await db.from('shops').select().explain({ format: 'json' });
    expect(json.error).toBeNull();
    expect(json.data).toEqual([{ Plan: expect.any(Object) }]);
    const text = await db.from('shops').select().explain();
    expect(text.data).toMatch(/^Aggregate {2}\(cost=.*/);
  });

  it('passes verbose and settings to EXPLAIN', async () => {
    const res = await db
      .from('shops')
      .select()
      .explain({ verbose: true, settings: true, format: 'json' });
    expect(res.error).toBeNull();
    const [plan] = res.data as unknown as Record<string, unknown>[];
    expect(plan).toMatchObject({
      Plan: expect.objectContaining({ Output: expect.any(Array) }),
      'Query Identifier': expect.any(Number),
      Settings: expect.objectContaining({
        effective_cache_size: '128MB',
        search_path: '"public", "public", "extensions"',
      }),
    });
  });

  it('names the options asked for in Content-Type and ignores unknown ones', async () => {
    const res = await rest(stack, '/shops', {
      headers: {
        Accept: 'application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|buffers|bogus',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|buffers; charset=utf-8',
    );
    const [plan] = (await res.json()) as Record<string, unknown>[];
    expect(plan).toMatchObject({
      'Execution Time': expect.any(Number),
      Plan: expect.objectContaining({ 'Shared Hit Blocks': expect.any(Number) }),
    });
  });
});
