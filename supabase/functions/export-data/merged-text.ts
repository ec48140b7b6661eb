// Notes whose shared text is over the size limit keep an earlier text in notes.body (the column
// holds at most 1 MiB): for those, the export carries the text of the note's document itself —
// every stored row merged, as every editor's screen shows it — so an export never holds less
// than the note. Should the document not be readable, the note keeps its stored body and says
// so (`text_is_earlier`), in the manifest and in the Markdown's front matter.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import * as Y from 'npm:yjs@13';

type Row = Record<string, unknown>;

/** The rows of a note_document() answer: base64 of length-prefixed (4-byte big-endian) rows. */
export function decodeFrames(frames: string): Uint8Array[] {
  const bytes = Uint8Array.from(atob(frames), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  const rows: Uint8Array[] = [];
  for (let at = 0; at + 4 <= bytes.length;) {
    const size = view.getUint32(at);
    rows.push(bytes.subarray(at + 4, at + 4 + size));
    at += 4 + size;
  }
  return rows;
}

/** The title and body of a document made of these rows. */
export function documentText(rows: Uint8Array[]): { title: string; body: string } {
  const doc = new Y.Doc();
  try {
    doc.transact(() => {
      for (const row of rows) Y.applyUpdate(doc, row);
    });
    return { title: doc.getText('title').toString(), body: doc.getText('body').toString() };
  } finally {
    doc.destroy();
  }
}

/** Replaces the body (and title) of each note over the limit by its document's merged text. */
export async function useMergedText(db: SupabaseClient, notes: Row[]): Promise<void> {
  for (const note of notes) {
    if (note.body_too_large !== true) continue;
    delete note.body_too_large;
    const { data, error } = await db.rpc('note_document', { note: note.id, after_seq: 0 });
    const frames = (data as { frames?: unknown } | null)?.frames;
    if (error || typeof frames !== 'string') {
      note.text_is_earlier = true;
      continue;
    }
    const text = documentText(decodeFrames(frames));
    note.body = text.body;
    const titleSeed = (data as { title_seed?: unknown }).title_seed;
    if (text.title !== '' || titleSeed == null) note.title = text.title;
  }
}
