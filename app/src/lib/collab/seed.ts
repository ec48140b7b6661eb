// The first items of a note's document that come from the notes row rather than from an edit:
// the body of a note that had text before it had a document, and the title of a note whose
// title was never written from its document (new, imported, or from before titles were shared).
// Each is inserted into an empty text by a Yjs client id derived from the text itself. Every
// client seeding from the same text makes the same update, byte for byte, so two clients seeding
// at once store the same items (Yjs keeps one) — and a seed applied again after its text was
// edited or deleted changes nothing, since the document already knows those items. A client
// that seeded from a different text has a different id, so both texts survive rather than one
// silently replacing the other.
import * as Y from 'yjs';
import { sha256Hex } from './codec.ts';

/** The shared text types of a note's document. */
export const TEXT = 'body';
export const TITLE = 'title';

export interface Seed {
  update: Uint8Array;
  sha256: string;
}

async function seedText(type: string, text: string, sha256: string): Promise<Uint8Array> {
  const doc = new Y.Doc();
  // A client id from the hash (uint32, never 0), so the same text always gives the same items.
  doc.clientID = parseInt(sha256.slice(0, 8), 16) || 1;
  doc.getText(type).insert(0, text);
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

export async function seedFromBody(body: string): Promise<Seed> {
  const sha256 = await sha256Hex(body);
  return { update: await seedText(TEXT, body, sha256), sha256 };
}

/** The title's seed; its client id is derived from the title and its place, never the body's. */
export async function seedTitle(title: string): Promise<Uint8Array> {
  return seedText(TITLE, title, await sha256Hex(`${TITLE}\u0000${title}`));
}
