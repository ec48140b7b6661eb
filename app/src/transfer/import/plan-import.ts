// What an import will do, decided before anything is written: a notebook per folder that holds
// Markdown files (named by its path, "Vault / Travel"), a note per `.md` file (title, tags and
// listed attachments from front matter, else the file name), and the files the notes link to or
// list kept as their attachments. Everything else is reported as skipped, with the reason. Sheaf's
// limits are checked here so the run itself does not meet them. Pure, apart from reading text.
import { splitFrontMatter } from './front-matter.ts';
import { findFileReferences, resolveRelative } from './links.ts';
import type { SourceFile } from './source-files.ts';

export const LIMITS = {
  notebookName: 100,
  title: 200,
  bodyBytes: 1_048_576,
  tags: 20,
  tagLength: 50,
  fileBytes: 50 * 1024 * 1024,
  filesPerNote: 20,
  fileName: 255,
};

export interface PlannedFile {
  source: SourceFile;
  name: string;
}

export interface PlannedNote {
  source: string;
  title: string;
  tags: string[];
  /** The body in pieces: text, and the index of an attachment whose reference goes there. */
  body: (string | { file: number; embedAlt?: string })[];
  files: PlannedFile[];
}

export interface PlannedNotebook {
  /** The folder it comes from; '' for Markdown files chosen on their own. */
  folder: string;
  name: string;
  notes: PlannedNote[];
}

export interface Skipped {
  source: string;
  reason: string;
}

export interface ImportPlan {
  notebooks: PlannedNotebook[];
  skipped: Skipped[];
}

const NOTE = /\.(md|markdown|mdown|mkd)$/i;
const encoder = new TextEncoder();

const dirOf = (path: string) => path.split('/').slice(0, -1).join('/');
const chars = (text: string, max: number) => [...text].slice(0, max).join('');

function cleanTags(tags: string[]): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const t = chars(tag.trim(), LIMITS.tagLength);
    if (t) seen.add(t);
  }
  return [...seen].slice(0, LIMITS.tags);
}

/** Builds one note: its files found, references cut out of the body, limits applied. */
function planNote(
  source: SourceFile,
  text: string,
  byPath: Map<string, SourceFile>,
  byName: Map<string, SourceFile>,
  used: Set<string>,
  skipped: Skipped[],
): PlannedNote | null {
  const matter = splitFrontMatter(text);
  const fileName = source.path.split('/').pop()!.replace(NOTE, '');
  const files: PlannedFile[] = [];
  const indexOf = new Map<string, number>();
  const attach = (file: SourceFile): number | null => {
    const known = indexOf.get(file.path);
    if (known !== undefined) return known;
    if (file.size > LIMITS.fileBytes) {
      skipped.push({ source: file.path, reason: 'larger than 50 MB' });
      return null;
    }
    if (files.length >= LIMITS.filesPerNote) {
      skipped.push({
        source: file.path,
        reason: `a note holds at most ${LIMITS.filesPerNote} files`,
      });
      return null;
    }
    used.add(file.path);
    files.push({ source: file, name: chars(file.path.split('/').pop()!, LIMITS.fileName) });
    indexOf.set(file.path, files.length - 1);
    return files.length - 1;
  };
  const body: PlannedNote['body'] = [];
  let at = 0;
  for (const ref of findFileReferences(matter.body)) {
    const file = ref.embed
      ? (byPath.get(resolveRelative(source.path, ref.target) ?? '') ??
        byName.get(ref.target.split('/').pop()!.toLowerCase()))
      : byPath.get(resolveRelative(source.path, ref.target) ?? '');
    if (!file || NOTE.test(file.path) || ref.start < at) continue;
    const index = attach(file);
    if (index === null) continue;
    body.push(matter.body.slice(at, ref.start), { file: index, embedAlt: ref.embed?.alt });
    at = ref.end;
  }
  body.push(matter.body.slice(at));
  for (const listed of matter.attachments) {
    const file = byPath.get(resolveRelative(source.path, listed) ?? '');
    if (file && !NOTE.test(file.path)) attach(file);
  }
  const size = encoder.encode(body.filter((p) => typeof p === 'string').join('')).length;
  if (size > LIMITS.bodyBytes) {
    skipped.push({ source: source.path, reason: 'longer than a note can be (1 MB)' });
    for (const f of files) used.delete(f.source.path);
    return null;
  }
  return {
    source: source.path,
    title: chars((matter.title ?? fileName).trim(), LIMITS.title) || 'Untitled',
    tags: cleanTags(matter.tags),
    body,
    files,
  };
}

/**
 * The plan for these files. `texts` reads a Markdown file's text (the only I/O), so a test can
 * hand it strings.
 */
export async function planImport(
  sources: SourceFile[],
  texts: (file: SourceFile) => Promise<string> = async (f) =>
    new TextDecoder().decode(await f.read()),
): Promise<ImportPlan> {
  const byPath = new Map(sources.map((f) => [f.path, f]));
  const byName = new Map<string, SourceFile>();
  for (const f of sources) {
    const name = f.path.split('/').pop()!.toLowerCase();
    if (!byName.has(name)) byName.set(name, f);
  }
  const skipped: Skipped[] = [];
  const used = new Set<string>();
  const folders = new Map<string, PlannedNotebook>();
  const notes = sources
    .filter((f) => NOTE.test(f.path))
    .sort((a, b) => a.path.localeCompare(b.path));
  for (const file of notes) {
    const note = planNote(file, await texts(file), byPath, byName, used, skipped);
    if (!note) continue;
    const folder = dirOf(file.path);
    let notebook = folders.get(folder);
    if (!notebook) {
      const name = folder ? chars(folder.split('/').join(' / '), LIMITS.notebookName) : '';
      notebook = { folder, name, notes: [] };
      folders.set(folder, notebook);
    }
    notebook.notes.push(note);
  }
  const reported = new Set(skipped.map((s) => s.source));
  for (const file of sources)
    if (!NOTE.test(file.path) && !used.has(file.path) && !reported.has(file.path))
      if (file.path !== 'sheaf-export.json')
        skipped.push({ source: file.path, reason: 'not linked from any note' });
  const notebooks = [...folders.values()].sort((a, b) => a.folder.localeCompare(b.folder));
  return { notebooks, skipped };
}
