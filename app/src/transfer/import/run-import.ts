// Carries out an import plan as the signed-in user, one step at a time so progress can be shown
// and the person can stop it: create each notebook (or use the one chosen for loose files), write
// each note with its attachment references in place, then upload its files and record them.
// Row-level security and Storage policies decide every write; a step that fails is reported and
// the rest goes on. Ids are made here so a note's body can name its files before they exist.
import type { Supabase } from '../../lib/supabase.ts';
import { describeError } from '../../lib/errors/describe-error.ts';
import { mimeTypeFor } from './mime-types.ts';
import type { ImportPlan, PlannedNote } from './plan-import.ts';

const BUCKET = 'attachments';

export interface ImportTarget {
  /** Where Markdown files chosen on their own go: an existing notebook, or a new one's name. */
  loose: { notebookId: string; name: string } | { newName: string };
  /** The name each folder's new notebook gets (by folder), when not the folder's own name. */
  names?: Record<string, string>;
}

export interface ImportProgress {
  done: number;
  total: number;
  current: string;
}

export interface ImportResult {
  notebooks: { id: string; name: string; notes: number }[];
  notes: number;
  files: number;
  problems: { source: string; reason: string }[];
  stopped: boolean;
}

/** A storage-safe object name for a file: a fresh id, then its name with anything unusual replaced. */
export function objectName(fileName: string): string {
  const safe = fileName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return `${crypto.randomUUID()}-${safe || 'file'}`;
}

/** The note's body with each file's `attachment:` reference where the link was. */
export function renderBody(note: PlannedNote, paths: string[]): string {
  return note.body
    .map((part) => {
      if (typeof part === 'string') return part;
      const target = `attachment:${encodeURI(paths[part.file]!)}`;
      return part.embedAlt === undefined ? target : `![${part.embedAlt}](${target})`;
    })
    .join('');
}

export function stepsOf(plan: ImportPlan): number {
  return plan.notebooks.reduce(
    (n, nb) => n + 1 + nb.notes.reduce((m, note) => m + 1 + note.files.length, 0),
    0,
  );
}

export async function runImport(
  supabase: Supabase,
  plan: ImportPlan,
  target: ImportTarget,
  onProgress: (progress: ImportProgress) => void,
  signal: AbortSignal,
): Promise<ImportResult> {
  const result: ImportResult = { notebooks: [], notes: 0, files: 0, problems: [], stopped: false };
  const total = stepsOf(plan);
  let done = 0;
  const step = (current: string) => onProgress({ done: ++done, total, current });
  const fail = (source: string, error: unknown) =>
    result.problems.push({ source, reason: describeError(error).message });

  for (const planned of plan.notebooks) {
    if (signal.aborted) break;
    let notebookId: string;
    let name = (planned.folder && target.names?.[planned.folder]) || planned.name;
    if (!planned.folder && 'notebookId' in target.loose) {
      notebookId = target.loose.notebookId;
      name = target.loose.name;
    } else {
      if (!planned.folder && 'newName' in target.loose) name = target.loose.newName;
      notebookId = crypto.randomUUID();
      const { error } = await supabase.from('notebooks').insert({ id: notebookId, name });
      if (error) {
        fail(planned.folder || name, error);
        done += planned.notes.reduce((m, n) => m + 1 + n.files.length, 0);
        step(name);
        continue;
      }
    }
    step(name);
    const entry = { id: notebookId, name, notes: 0 };
    result.notebooks.push(entry);
    for (const note of planned.notes) {
      if (signal.aborted) break;
      const noteId = crypto.randomUUID();
      const paths = note.files.map((f) => `${notebookId}/${noteId}/${objectName(f.name)}`);
      const { error } = await supabase.from('notes').insert({
        id: noteId,
        notebook_id: notebookId,
        title: note.title,
        body: renderBody(note, paths),
        tags: note.tags,
      });
      step(note.title);
      if (error) {
        fail(note.source, error);
        done += note.files.length;
        continue;
      }
      entry.notes += 1;
      result.notes += 1;
      for (const [i, file] of note.files.entries()) {
        if (signal.aborted) break;
        const saved = await saveFile(supabase, notebookId, noteId, paths[i]!, file);
        step(file.name);
        if (saved === true) result.files += 1;
        else fail(file.source.path, saved.error);
      }
    }
  }
  result.stopped = signal.aborted;
  return result;
}

async function saveFile(
  supabase: Supabase,
  notebookId: string,
  noteId: string,
  path: string,
  file: PlannedNote['files'][number],
): Promise<true | { error: unknown }> {
  const type = mimeTypeFor(file.source.type, file.name);
  const bytes = await file.source.read();
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
  const upload = await supabase.storage
    .from(BUCKET)
    .upload(path, blob, { contentType: type, upsert: false });
  if (upload.error) return { error: upload.error };
  const { error } = await supabase.from('attachments').insert({
    note_id: noteId,
    notebook_id: notebookId,
    path,
    file_name: file.name,
    size_bytes: bytes.length,
    mime_type: type,
  });
  if (error) {
    await supabase.storage.from(BUCKET).remove([path]);
    return { error };
  }
  return true;
}
