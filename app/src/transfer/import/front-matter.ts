// YAML front matter at the top of a Markdown file (as Sheaf's export, Obsidian and static-site
// tools write it): title, tags and attachments become the note's own; any other keys stay in the
// body, in a front matter block of their own, so nothing the file said is lost.
import { parse, stringify } from 'yaml';

export interface FrontMatter {
  title: string | null;
  tags: string[];
  /** Paths of files the note lists as its attachments (relative to the note). */
  attachments: string[];
  /** The body: the text after the front matter, with unknown keys kept on top. */
  body: string;
}

const OPEN = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSE = /\r?\n(---|\.\.\.)[ \t]*(\r?\n|$)/;
const KNOWN = new Set(['title', 'tags', 'tag', 'attachments', 'created', 'updated']);

/** A list's items as text; a lone string is split on `separator` (tags: commas or spaces). */
function list(value: unknown, separator?: RegExp): string[] {
  if (Array.isArray(value))
    return value
      .filter((v) => typeof v === 'string' || typeof v === 'number')
      .map((v) => String(v).trim())
      .filter(Boolean);
  if (typeof value === 'number') return [String(value)];
  if (typeof value !== 'string') return [];
  return (separator ? value.split(separator) : [value]).map((v) => v.trim()).filter(Boolean);
}

export function splitFrontMatter(text: string): FrontMatter {
  const none = { title: null, tags: [], attachments: [], body: text.replace(/^\uFEFF/, '') };
  const open = OPEN.exec(text);
  if (!open) return none;
  const rest = text.slice(open[0].length);
  const close = CLOSE.exec(`\n${rest}`);
  if (!close) return none;
  const yaml = rest.slice(0, Math.max(0, close.index - 1));
  let data: unknown;
  try {
    data = parse(yaml);
  } catch {
    return none;
  }
  if (data !== null && (typeof data !== 'object' || Array.isArray(data))) return none;
  const fields = (data ?? {}) as Record<string, unknown>;
  let body = rest.slice(close.index - 1 + close[0].length);
  const unknown = Object.fromEntries(Object.entries(fields).filter(([k]) => !KNOWN.has(k)));
  if (Object.keys(unknown).length) body = `---\n${stringify(unknown)}---\n${body}`;
  const title = fields.title;
  return {
    title: typeof title === 'string' || typeof title === 'number' ? String(title) : null,
    tags: list(fields.tags ?? fields.tag, /[,\s]+/).map((t) => t.replace(/^#/, '')),
    attachments: list(fields.attachments),
    body,
  };
}
