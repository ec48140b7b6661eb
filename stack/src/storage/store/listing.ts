// The SQL that lists objects, as the caller (so RLS decides what is listed): one folder level
// through storage.search (list), and the cursor-paged listing of list-v2 — folders derived from
// the names under the prefix, sorted by name or a timestamp, resumed after the last entry.
import type { Database } from '../../db/adapter.ts';
import { TIMESTAMPS } from './objects.ts';
import { iso, runAsAtOnce, type Caller } from './run.ts';

export interface ListQuery {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  sortColumn: string;
  sortOrder: string;
}

export interface ListV2Query {
  prefix: string;
  /** Group names under the prefix by their next `/` into folders. */
  delimited: boolean;
  limit: number;
  sortColumn: 'name' | 'created_at' | 'updated_at';
  sortOrder: 'asc' | 'desc';
  /** Resume after this entry: its name and, when sorting by a timestamp, that timestamp. */
  after?: { name: string; sortValue?: string };
}

export interface ListV2Entry {
  key?: string;
  name: string;
  id: string | null;
  created_at: string | null;
  updated_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The folder a name belongs to below the prefix (parameter `p`), with its `/`; null for a file. */
const folderOf = (p: string) => `case when strpos(substr(o.name, length(${p}) + 1), '/') > 0
  then left(o.name, length(${p}) + strpos(substr(o.name, length(${p}) + 1), '/')) end`;

export function listingStore(db: Database) {
  return {
    /** One folder level under the prefix, as storage.search lists it for the caller. */
    async listObjects(caller: Caller, bucket: string, q: ListQuery): Promise<unknown[]> {
      const { rows } = await runAsAtOnce(db, caller, (tx) =>
        tx.query(
          `select name, id, ${TIMESTAMPS}, metadata
             from storage.search($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            q.prefix,
            bucket,
            q.limit,
            (q.prefix + q.search).split('/').length,
            q.offset,
            q.search,
            q.sortColumn,
            q.sortOrder,
          ],
        ),
      );
      return rows;
    },

    /** Up to `limit` entries (files, and folders when delimited) after the cursor. */
    async listObjectsV2(caller: Caller, bucket: string, q: ListV2Query): Promise<ListV2Entry[]> {
      const byTime = q.sortColumn !== 'name';
      const column = byTime ? `date_trunc('milliseconds', e."${q.sortColumn}")` : null;
      const values: unknown[] = [bucket, likePrefix(q.prefix), q.limit];
      if (q.delimited) values.push(q.prefix);
      const folder = q.delimited ? folderOf(`$${values.length}::text`) : 'null::text';
      let after = '';
      if (q.after) {
        const op = q.sortOrder === 'asc' ? '>' : '<';
        values.push(q.after.name);
        after = `where e.name collate "C" ${op} $${values.length}`;
        if (column) {
          values.push(q.after.sortValue ?? '');
          after = `where (coalesce(${column}, 'epoch'), e.name collate "C") ${op}
            (coalesce(nullif($${values.length}, '')::timestamptz, 'epoch'), $${values.length - 1})`;
        }
      }
      const folderTime = byTime ? 'min(m.created_at)' : 'null::timestamptz';
      const order = `${column ? `coalesce(${column}, 'epoch') ${q.sortOrder}, ` : ''}e.name collate "C" ${q.sortOrder}`;
      const { rows } = await runAsAtOnce(db, caller, (tx) =>
        tx.query<ListV2Entry>(
          `with matched as (
             select o.name, o.id, o.created_at, o.updated_at, o.last_accessed_at, o.metadata,
                    ${folder} as folder
               from storage.objects o
              where o.bucket_id = $1 and o.name collate "C" like $2
           ),
           entries as (
             select m.folder as name, null::uuid as id, ${folderTime} as created_at,
                    ${folderTime} as updated_at, null::timestamptz as last_accessed_at,
                    null::jsonb as metadata
               from matched m where m.folder is not null group by m.folder
             union all
             select m.name, m.id, m.created_at, m.updated_at, m.last_accessed_at, m.metadata
               from matched m where m.folder is null
           )
           select ${q.delimited ? `split_part(e.name, '/', ${q.prefix.split('/').length}) as key,` : ''}
                  e.name, e.id, ${iso('e.created_at')}, ${iso('e.updated_at')},
                  ${iso('e.last_accessed_at')}, e.metadata
             from entries e ${after}
            order by ${order}
            limit $3`,
          values,
        ),
      );
      return rows;
    },
  };
}
