// Compaction: the stored log of a note, merged into one snapshot by a client and put in place of
// the rows it merged (compact_note_updates does the replacing, in one transaction). The snapshot
// is made from those rows alone, in a fresh document — not from the live one, which may hold
// edits not stored yet — so it is exactly their merge; deleted text is dropped from it (Yjs keeps
// only the length of deleted runs). Any editor may compact; if two do at once, the database
// keeps the first and answers false to the other. The title and body are written from the same
// snapshot (or, for a body over the limit, that it does not fit).
import * as Y from 'yjs';
import type { DocumentStore, LoadedDocument } from './ports.ts';
import { BODY_MAX_BYTES, isTooLarge, titleFits } from '../text/note-limits.ts';
import { TEXT, TITLE } from './seed.ts';

/** Compact once a note has this many stored rows. */
export const COMPACT_AT = 200;

/** Merges the note's whole log (or the given load from seq 0) into one snapshot row. */
export async function compactNote(store: DocumentStore, loaded?: LoadedDocument): Promise<boolean> {
  const log = loaded ?? (await store.load(0));
  if (log.lastSeq === 0 || log.updates.length <= 1) return false;
  const doc = new Y.Doc();
  try {
    doc.transact(() => {
      for (const update of log.updates) Y.applyUpdate(doc, update);
    });
    const snapshot = Y.encodeStateAsUpdate(doc);
    const body = doc.getText(TEXT).toString();
    const title = doc.getText(TITLE).toString();
    const tooLarge = isTooLarge(body, BODY_MAX_BYTES);
    return await store.compact(log.lastSeq, snapshot, {
      ...(tooLarge ? { tooLarge } : { body }),
      ...(titleFits(title) && (title !== '' || log.titleSeed === null) ? { title } : {}),
    });
  } finally {
    doc.destroy();
  }
}
