// Where a comment thread is anchored: two Yjs relative positions in the note's shared text
// (Y.Text), stored as base64 of Y.encodeRelativePosition. Unlike character offsets they name the
// characters themselves, so they keep pointing at the same text through everyone's concurrent
// inserts and deletes. The start sticks to the first commented character and the end to the
// last, so text typed right before or right after the range stays outside it. A range whose
// every character was deleted resolves to nothing: the thread is orphaned.
import * as Y from 'yjs';

export interface Anchor {
  start: string;
  end: string;
}

export interface Range {
  from: number;
  to: number;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The anchor of `from`..`to` (from < to) in `text` as it is now. */
export function anchorOf(text: Y.Text, { from, to }: Range): Anchor {
  const start = Y.createRelativePositionFromTypeIndex(text, from, 0);
  const end = Y.createRelativePositionFromTypeIndex(text, to, -1);
  return {
    start: toBase64(Y.encodeRelativePosition(start)),
    end: toBase64(Y.encodeRelativePosition(end)),
  };
}

function absolute(doc: Y.Doc, text: Y.Text, encoded: string): number | null {
  try {
    const rel = Y.decodeRelativePosition(fromBase64(encoded));
    const abs = Y.createAbsolutePositionFromRelativePosition(rel, doc);
    return abs && abs.type === text ? abs.index : null;
  } catch {
    return null;
  }
}

/** Where the anchor is now, or null when its text is gone (or is not in this document yet). */
export function rangeOf(doc: Y.Doc, text: Y.Text, anchor: Anchor): Range | null {
  const from = absolute(doc, text, anchor.start);
  const to = absolute(doc, text, anchor.end);
  if (from === null || to === null || to <= from) return null;
  return { from, to };
}
