// GET /rest/v1/ (the OpenAPI 2.0 description PostgREST serves) and OPTIONS (the Allow header).
import type { ApiRequest } from './parse/request.ts';
import { requireTable } from './plan/common.ts';
import { key, type SchemaCache, type Table } from './schema/types.ts';
import { POSTGREST_VERSION } from './version.ts';

const JSON_TYPES: Record<string, { type: string; format?: string }> = {
  integer: { type: 'integer', format: 'integer' },
  bigint: { type: 'integer', format: 'bigint' },
  smallint: { type: 'integer', format: 'smallint' },
  boolean: { type: 'boolean', format: 'boolean' },
  real: { type: 'number', format: 'real' },
  'double precision': { type: 'number', format: 'double precision' },
  numeric: { type: 'number', format: 'numeric' },
};

function definition(table: Table): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const c of table.columns.values()) {
    const base = c.type.replace(/\(.*\)/, '');
    const mapped = JSON_TYPES[base] ?? {
      type: base.endsWith('[]') ? 'array' : 'string',
      format: c.type,
    };
    const prop: Record<string, unknown> = { ...mapped, format: mapped.format ?? c.type };
    if (c.default !== null) prop.default = c.default;
    let description = c.description ?? '';
    if (table.primaryKey.includes(c.name))
      description += `${description ? '\n\n' : ''}Note:\nThis is a Primary Key.<pk/>`;
    if (description) prop.description = description;
    properties[c.name] = prop;
    if (!c.nullable && c.default === null) required.push(c.name);
  }
  return {
    ...(required.length ? { required } : {}),
    properties,
    type: 'object',
    ...(table.description ? { description: table.description } : {}),
  };
}

export function openApiResponse(cache: SchemaCache, request: ApiRequest, apiUrl: string): Response {
  const tables = [...cache.tables.values()].filter((t) => t.schema === request.schema);
  const routines = [...cache.routines.values()].flat().filter((r) => r.schema === request.schema);
  const paths: Record<string, unknown> = {
    '/': {
      get: {
        produces: ['application/openapi+json', 'application/json'],
        responses: { '200': { description: 'OK' } },
        summary: 'OpenAPI description (this document)',
        tags: ['Introspection'],
      },
    },
  };
  for (const t of tables) {
    const ops: Record<string, unknown> = {
      get: { tags: [t.name], responses: { '200': { description: 'OK' } } },
    };
    if (t.insertable)
      ops.post = { tags: [t.name], responses: { '201': { description: 'Created' } } };
    if (t.updatable)
      ops.patch = { tags: [t.name], responses: { '204': { description: 'No Content' } } };
    if (t.deletable)
      ops.delete = { tags: [t.name], responses: { '204': { description: 'No Content' } } };
    paths[`/${t.name}`] = ops;
  }
  for (const r of routines) {
    const op = {
      tags: ['(rpc) ' + r.name],
      responses: { '200': { description: 'OK' } },
      ...(r.description ? { summary: r.description } : {}),
    };
    paths[`/rpc/${r.name}`] = r.volatility === 'v' ? { post: op } : { get: op, post: op };
  }
  const url = new URL(apiUrl);
  const doc = {
    swagger: '2.0',
    info: { description: '', title: 'standard public schema', version: POSTGREST_VERSION },
    host: url.host,
    basePath: '/rest/v1',
    schemes: [url.protocol.replace(':', '')],
    consumes: [
      'application/json',
      'application/vnd.pgrst.object+json;nulls=stripped',
      'application/vnd.pgrst.object+json',
      'text/csv',
    ],
    produces: [
      'application/json',
      'application/vnd.pgrst.object+json;nulls=stripped',
      'application/vnd.pgrst.object+json',
      'text/csv',
    ],
    paths,
    definitions: Object.fromEntries(tables.map((t) => [t.name, definition(t)])),
  };
  const headers = new Headers({ 'Content-Type': 'application/openapi+json; charset=utf-8' });
  if (request.negotiated) headers.set('Content-Profile', request.schema);
  return new Response(request.headOnly ? null : JSON.stringify(doc), { status: 200, headers });
}

export function optionsResponse(cache: SchemaCache, request: ApiRequest): Response {
  let allow = 'OPTIONS,GET,HEAD';
  if (request.rpc) {
    const routines = cache.routines.get(key(request.schema, request.target));
    if (routines?.[0]?.volatility === 'v') allow = 'OPTIONS,POST';
    else allow = 'OPTIONS,GET,HEAD,POST';
  } else if (request.target) {
    const t = requireTable(cache, request.schema, request.target);
    const parts = ['OPTIONS,GET,HEAD'];
    if (t.insertable) parts.push('POST');
    if (t.insertable && t.updatable && t.primaryKey.length) parts.push('PUT');
    if (t.updatable) parts.push('PATCH');
    if (t.deletable) parts.push('DELETE');
    allow = parts.join(',');
  }
  return new Response(null, { status: 200, headers: { Allow: allow } });
}
