// Media types and the Range header as PostgREST reads them: the best acceptable response type
// from Accept (with `nulls=stripped` on PostgREST's own types, and the execution plan asked for by
// `application/vnd.pgrst.plan`; `application/geo+json`, built by PostGIS), the body's Content-Type,
// and a `Range: [items=]lower-[upper]`.
import { invalidRangeHeader, mediaTypeError } from '../errors.ts';

export type Accept = 'json' | 'object' | 'csv' | 'geojson' | 'openapi' | 'plan';

const ACCEPT: Record<string, Accept> = {
  'application/json': 'json',
  'application/*': 'json',
  '*/*': 'json',
  'application/vnd.pgrst.object+json': 'object',
  'application/vnd.pgrst.array+json': 'json',
  'application/vnd.pgrst.object': 'object',
  'text/csv': 'csv',
  'application/geo+json': 'geojson',
  'application/openapi+json': 'openapi',
};

const CONTENT: Record<string, ContentType> = {
  'application/json': 'json',
  'text/csv': 'csv',
  'application/x-www-form-urlencoded': 'form',
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'binary',
};

/** `application/vnd.pgrst.plan[+json|+text]; for="…"; options=analyze|verbose|…` */
export interface ExplainRequest {
  format: 'json' | 'text';
  /** The media type whose query is explained. */
  for: 'json' | 'object' | 'csv' | 'geojson';
  options: ('analyze' | 'verbose' | 'settings' | 'buffers' | 'wal')[];
  /** As PostgREST names it back in Content-Type. */
  mime: string;
}

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;
const PLAN_TYPES: Record<string, ExplainRequest['format']> = {
  'application/vnd.pgrst.plan': 'text',
  'application/vnd.pgrst.plan+text': 'text',
  'application/vnd.pgrst.plan+json': 'json',
};

/** The media types a plan may be `for`, as PostgREST decodes them: what is explained, and its name. */
const PLAN_FOR: Record<string, [ExplainRequest['for'], string]> = {
  'application/json': ['json', 'application/json'],
  'application/vnd.pgrst.array+json': ['json', 'application/json'],
  'application/vnd.pgrst.array': ['json', 'application/json'],
  'application/vnd.pgrst.object+json': ['object', 'application/vnd.pgrst.object+json'],
  'application/vnd.pgrst.object': ['object', 'application/vnd.pgrst.object+json'],
  'text/csv': ['csv', 'text/csv'],
  'application/geo+json': ['geojson', 'application/geo+json'],
  '*/*': ['json', '*/*'],
};

/**
 * The plan request a media range names, if it names one; `target` is undefined when its `for`
 * names a type no handler produces (PostgREST then passes over it, and names it if none fits).
 */
function explainOf(
  type: string,
  params: string[],
): (Omit<ExplainRequest, 'for'> & { for?: ExplainRequest['for'] }) | undefined {
  const format = PLAN_TYPES[type];
  if (!format) return undefined;
  const param = (name: string) =>
    params
      .find((p) => p.toLowerCase().startsWith(`${name}=`))
      ?.slice(name.length + 1)
      .replace(/^"|"$/g, '');
  const forType = (param('for') ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  const [target, forMime] = PLAN_FOR[forType] ?? [undefined, forType];
  const named = (param('options') ?? '').split('|').map((o) => o.trim().toLowerCase());
  const options = PLAN_OPTIONS.filter((o) => named.includes(o));
  const mime = `application/vnd.pgrst.plan+${format}; for="${forMime}"${
    options.length ? `; options=${options.join('|')}` : ''
  }`;
  return { format, for: target, options, mime };
}

interface Entry {
  type: string;
  strip: boolean;
  explain?: ReturnType<typeof explainOf>;
}

/** The first entry a handler produces, in the order given. */
function pick(entries: Entry[], isRoot: boolean): Negotiated | undefined {
  for (const e of entries) {
    if (e.explain?.for && !isRoot)
      return { accept: 'plan', stripNulls: false, explain: { ...e.explain, for: e.explain.for } };
    if (e.explain) continue;
    const found = ACCEPT[e.type];
    if (found === 'openapi' && !isRoot) continue;
    // nulls=stripped applies to PostgREST's own vendor types only.
    const stripNulls = e.strip && e.type.startsWith('application/vnd.pgrst.');
    if (found) return { accept: isRoot && found === 'json' ? 'openapi' : found, stripNulls };
  }
  return undefined;
}

/** What the body is, by Content-Type (`other` answers PGRST102 where a body is read). */
export type ContentType = 'json' | 'csv' | 'form' | 'text' | 'xml' | 'binary' | 'other';

export interface Negotiated {
  accept: Accept;
  stripNulls: boolean;
  explain?: ExplainRequest;
  /** What answers instead of the plan when the database allows none (the next acceptable type). */
  withoutPlan?: { accept: Accept; stripNulls: boolean };
}

/** The best acceptable media type from an Accept header, in PostgREST's order. */
export function negotiate(accept: string | null, isRoot: boolean): Negotiated {
  if (!accept) return { accept: isRoot ? 'openapi' : 'json', stripNulls: false };
  const entries = accept
    .split(',')
    .map((part, i) => {
      const [type, ...params] = part.trim().split(';');
      const trimmed = params.map((p) => p.trim());
      const q = trimmed.find((p) => p.toLowerCase().startsWith('q='));
      const strip = trimmed.some((p) => p.toLowerCase() === 'nulls=stripped');
      const name = type!.trim().toLowerCase();
      const explain = explainOf(name, trimmed);
      return { type: name, q: q ? Number(q.slice(2)) : 1, i, strip, explain };
    })
    .filter((e) => e.type && e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const found = pick(entries, isRoot);
  if (found?.explain) {
    const otherwise = pick(
      entries.filter((e) => !e.explain),
      isRoot,
    );
    if (otherwise) found.withoutPlan = otherwise;
  }
  if (found) return found;
  if (entries.length === 0) return { accept: isRoot ? 'openapi' : 'json', stripNulls: false };
  throw mediaTypeError(entries.map((e) => e.explain?.mime ?? e.type));
}

/** The body's media type; a request without Content-Type is JSON, as PostgREST assumes. */
export function contentTypeOf(header: string | null): { type: ContentType; mime: string } {
  const mime = (header ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  return { type: mime === '' ? 'json' : (CONTENT[mime] ?? 'other'), mime };
}

/** `Range: 0-9` → offset 0, limit 10; `Range: 5-` → offset 5. Anything else is ignored. */
export function parseRange(header: string | null): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const m = /^\s*(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header);
  if (!m) return undefined;
  const lower = Number(m[1]);
  if (m[2] === '') return { offset: lower };
  const upper = Number(m[2]);
  if (lower > upper) throw invalidRangeHeader();
  return { offset: lower, limit: upper - lower + 1 };
}
