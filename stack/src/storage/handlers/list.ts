// Listing objects as the caller (RLS decides what is listed): `list` — one folder level under a
// prefix, names relative to it, paged by offset — and `list-v2` — full names, folders when
// delimited, sorted by name or a timestamp and paged by an opaque cursor, as Supabase Storage
// pages it (the cursor carries the last entry and the sort).
import { z } from 'zod';
import { errors } from '../errors.ts';
import { endpoint } from '../http/endpoint.ts';
import { bucketPath, input } from '../http/params.ts';
import type { ListV2Query } from '../store/store.ts';

const listObjectsParams = input(
  {
    params: bucketPath,
    body: z.object({
      prefix: z.string(),
      limit: z.number().int().min(1).optional(),
      offset: z.number().int().min(0).optional(),
      sortBy: z
        .object({
          column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']),
          order: z.enum(['asc', 'desc']).optional(),
        })
        .optional(),
      search: z.string().optional(),
    }),
  },
  ({ params, body }) => ({
    bucket: params.bucket,
    query: {
      prefix: body.prefix && !body.prefix.endsWith('/') ? `${body.prefix}/` : body.prefix,
      search: body.search ?? '',
      limit: body.limit ?? 100,
      offset: body.offset ?? 0,
      sortColumn: body.sortBy?.column ?? 'name',
      sortOrder: body.sortBy?.order ?? 'asc',
    },
  }),
);

export const listObjects = endpoint(
  listObjectsParams,
  async (deps, { params: { bucket, query }, access: { caller } }) =>
    Response.json(await deps.store.listObjects(caller, bucket, query)),
);

const SORT_COLUMNS = ['name', 'updated_at', 'created_at'] as const;
const SORT_ORDERS = ['asc', 'desc'] as const;

const listObjectsV2Params = input(
  {
    params: bucketPath,
    body: z.object({
      prefix: z.string().optional(),
      limit: z.number().int().min(1).optional(),
      cursor: z.string().optional(),
      with_delimiter: z.boolean().optional(),
      sortBy: z
        .object({ column: z.enum(SORT_COLUMNS), order: z.enum(SORT_ORDERS).optional() })
        .optional(),
    }),
  },
  ({ params, body }) => ({ bucket: params.bucket, ...body }),
);

interface Cursor {
  startAfter: string;
  sortOrder?: ListV2Query['sortOrder'];
  sortColumn?: ListV2Query['sortColumn'];
  sortColumnAfter?: string;
}

// The cursor's lines, `<letter>:<value>`, base64-encoded, as Supabase Storage writes them.
const CURSOR_PARTS = {
  l: 'startAfter',
  o: 'sortOrder',
  c: 'sortColumn',
  a: 'sortColumnAfter',
} as const;

function encodeCursor(cursor: Cursor): string {
  const lines = Object.entries(CURSOR_PARTS)
    .filter(([, field]) => cursor[field])
    .map(([letter, field]) => `${letter}:${cursor[field]}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (values as readonly string[]).includes(value);

function decodeCursor(token: string): Cursor {
  const parts: Partial<Record<(typeof CURSOR_PARTS)[keyof typeof CURSOR_PARTS], string>> = {};
  for (const line of Buffer.from(token, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)/.exec(line);
    const field = match && CURSOR_PARTS[match[1] as keyof typeof CURSOR_PARTS];
    if (!field) throw errors.invalidParameter('continuation token');
    parts[field] = match[2]!;
  }
  const { sortOrder, sortColumn } = parts;
  if (sortOrder !== undefined && !oneOf(SORT_ORDERS, sortOrder))
    throw errors.invalidParameter('continuation token');
  if (sortColumn !== undefined && !oneOf(SORT_COLUMNS, sortColumn))
    throw errors.invalidParameter('continuation token');
  return {
    startAfter: parts.startAfter ?? '',
    sortOrder,
    sortColumn,
    sortColumnAfter: parts.sortColumnAfter,
  };
}

export const listObjectsV2 = endpoint(listObjectsV2Params, async (deps, { params, access }) => {
  const { bucket, prefix = '', limit: asked, cursor: token, with_delimiter, sortBy } = params;
  const limit = Math.min(asked ?? 1000, 1000);
  const cursor = token ? decodeCursor(token) : undefined;
  const sortOrder = cursor?.sortOrder ?? sortBy?.order;
  const sortColumn = cursor?.sortColumn ?? sortBy?.column;
  const entries = await deps.store.listObjectsV2(access.caller, bucket, {
    prefix,
    delimited: !!with_delimiter,
    limit: limit + 1,
    sortColumn: sortColumn ?? 'name',
    sortOrder: sortOrder ?? 'asc',
    after: cursor && { name: cursor.startAfter, sortValue: cursor.sortColumnAfter },
  });
  const page = entries.slice(0, limit);
  const last = entries.length > limit ? page.at(-1) : undefined;
  return Response.json({
    hasNext: !!last,
    nextCursor:
      last &&
      encodeCursor({
        startAfter: last.name,
        sortOrder,
        sortColumn,
        sortColumnAfter: sortColumn && sortColumn !== 'name' ? (last[sortColumn] ?? '') : undefined,
      }),
    nextCursorKey: last?.name,
    folders: page.filter((entry) => entry.id === null),
    objects: page.filter((entry) => entry.id !== null),
  });
});
