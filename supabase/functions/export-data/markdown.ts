// Lays out an export as Markdown files a person (or another notes app) can open: a folder per
// notebook, a `.md` file per note with its title, tags and dates in YAML front matter, and each
// note's attachments in a folder named after the note, linked from the note by relative paths
// (`attachment:<path>` references become those paths). Links to other notes
// (`[Title](sheaf:note/<id>)`) become relative links to the linked note's file, with its current
// title, when that note is in the archive; otherwise they stay as written (the title the writer
// saw, the id). Pure: no I/O, no Deno APIs.

type Row = Record<string, unknown>;

export interface ArchiveInput {
  notebooks: Row[];
  /** Notebooks of other owners the exported notes live in (a folder under "Shared with me"). */
  otherNotebooks: Row[];
  notes: Row[];
  attachments: Row[];
  /** Notes in the trash: kept in the manifest, left out of the Markdown. */
  trashed: Set<string>;
}

export interface PlannedNote {
  /** The note file's path in the archive. */
  file: string;
  text: string;
}

export interface PlannedAttachment {
  /** Where the file goes in the archive. */
  file: string;
  /** Its object in the attachments bucket. */
  path: string;
  row: Row;
}

export interface ArchivePlan {
  notes: PlannedNote[];
  attachments: PlannedAttachment[];
}

const SHARED_FOLDER = 'Shared with me';
const MAX_NAME = 100;

/** A file or folder name every system accepts: no separators, control or reserved characters. */
export function safeName(value: unknown, fallback = 'Untitled'): string {
  const cleaned = String(value ?? '')
    .normalize('NFC')
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s-]+|[.\s]+$/g, '');
  const name = [...cleaned].slice(0, MAX_NAME).join('').trim();
  return name && !/^(con|prn|aux|nul|com\d|lpt\d)$/i.test(name) ? name : fallback;
}

/** Hands out names unique within one folder (case-insensitively): "Notes", "Notes (2)", … */
export class Names {
  private taken = new Set<string>();
  /** A file name: "map.png", then "map (2).png". */
  claimFile(name: string): string {
    const dot = name.lastIndexOf('.');
    if (dot <= 0) return this.claim(name);
    const extension = name.slice(dot);
    return this.claim(name.slice(0, dot), extension) + extension;
  }

  claim(name: string, extension = ''): string {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? name : `${name} (${n})`;
      const key = `${candidate}${extension}`.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return candidate;
      }
    }
  }
}

const quote = (value: unknown) => JSON.stringify(String(value ?? ''));

function frontMatter(note: Row, files: string[]): string {
  const tags = Array.isArray(note.tags) ? note.tags.map(quote).join(', ') : '';
  const lines = [
    '---',
    `title: ${quote(note.title)}`,
    `tags: [${tags}]`,
    `created: ${quote(note.created_at)}`,
    `updated: ${quote(note.updated_at)}`,
  ];
  if (files.length) lines.push('attachments:', ...files.map((f) => `  - ${quote(f)}`));
  if (note.text_is_earlier === true)
    lines.push(
      `note: ${quote('Over the size limit: this is an earlier text of the note (its latest could not be read).')}`,
    );
  lines.push('---', '');
  return lines.join('\n');
}

/** A relative link target: each segment percent-encoded, so spaces and brackets are safe. */
const linkTo = (...segments: string[]) => segments.map(encodeURIComponent).join('/');

/** Replaces `attachment:<path>` references with the relative paths the archive uses. */
export function rewriteAttachmentLinks(body: string, links: Map<string, string>): string {
  return body.replace(/attachment:([^\s)"'<>]+)/g, (whole, encoded: string) => {
    let path = encoded;
    try {
      path = decodeURI(encoded);
    } catch {
      // not percent-encoded: use as written
    }
    return links.get(path) ?? whole;
  });
}

const NOTE_LINK =
  /\[((?:\\.|[^\\\]])*)\]\(sheaf:note\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)/g;

/** A note file's archive path relative to another note file's folder, percent-encoded. */
function relativeFile(from: string, to: string): string {
  const fromDirs = from.split('/').slice(0, -1);
  const toParts = to.split('/');
  let common = 0;
  while (common < fromDirs.length && fromDirs[common] === toParts[common]) common++;
  const up = fromDirs.slice(common).map(() => '..');
  return [...up, ...toParts.slice(common).map(encodeURIComponent)].join('/');
}

/** Replaces links to notes in the archive (`sheaf:note/<id>`) with relative links to their
 * files, titled with the note's current title; links to other notes stay as written. */
export function rewriteNoteLinks(
  body: string,
  file: string,
  notes: Map<string, { file: string; title: string }>,
): string {
  return body.replace(NOTE_LINK, (whole, _text: string, id: string) => {
    const target = notes.get(id.toLowerCase());
    if (!target) return whole;
    const title = target.title.trim().replace(/\s+/g, ' ') || 'Untitled note';
    return `[${title.replace(/[\\[\]]/g, (c) => `\\${c}`)}](${relativeFile(file, target.file)})`;
  });
}

export function planArchive(input: ArchiveInput): ArchivePlan {
  const root = new Names();
  const folders = new Map<string, string>();
  for (const nb of input.notebooks) folders.set(String(nb.id), root.claim(safeName(nb.name)));
  if (input.otherNotebooks.length) {
    const shared = root.claim(SHARED_FOLDER);
    const inShared = new Names();
    for (const nb of input.otherNotebooks)
      folders.set(String(nb.id), `${shared}/${inShared.claim(safeName(nb.name))}`);
  }
  const inFolder = new Map<string, Names>();
  const attachmentsOf = new Map<string, Row[]>();
  for (const a of input.attachments) {
    const list = attachmentsOf.get(String(a.note_id)) ?? [];
    list.push(a);
    attachmentsOf.set(String(a.note_id), list);
  }
  const plan: ArchivePlan = { notes: [], attachments: [] };
  const noteFiles = new Map<string, { file: string; title: string }>();
  const bodies: { file: string; head: string; body: string }[] = [];
  const ordered = [...input.notes].sort((a, b) =>
    String(a.created_at ?? '').localeCompare(String(b.created_at ?? '')),
  );
  for (const note of ordered) {
    const folder = folders.get(String(note.notebook_id));
    if (!folder || input.trashed.has(String(note.id))) continue;
    const names = inFolder.get(folder) ?? new Names();
    inFolder.set(folder, names);
    const base = names.claim(safeName(note.title), '.md');
    // The note's files sit in a folder with the note's name; that name is now taken too.
    names.claim(base);
    const files = new Names();
    const links = new Map<string, string>();
    const listed: string[] = [];
    for (const a of attachmentsOf.get(String(note.id)) ?? []) {
      const name = files.claimFile(safeName(a.file_name, 'file'));
      plan.attachments.push({ file: `${folder}/${base}/${name}`, path: String(a.path), row: a });
      links.set(String(a.path), linkTo(base, name));
      listed.push(`${base}/${name}`);
    }
    const file = `${folder}/${base}.md`;
    const body = rewriteAttachmentLinks(String(note.body ?? ''), links);
    noteFiles.set(String(note.id).toLowerCase(), { file, title: String(note.title ?? '') });
    bodies.push({ file, head: frontMatter(note, listed), body });
  }
  // Once every note has its file, links between them can point at those files.
  for (const { file, head, body } of bodies)
    plan.notes.push({ file, text: head + rewriteNoteLinks(body, file, noteFiles) });
  return plan;
}
