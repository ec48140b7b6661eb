// The first update of a note that had text before it had a document: the body inserted into an
// empty document by a Yjs client id derived from the body itself. Every client seeding from the
// same body makes the same update, byte for byte, so two clients seeding at once store the same
// items (Yjs keeps one); a client that seeded from a different body has a different id, so both
// texts survive rather than one silently replacing the other.
import * as Y from 'yjs';
import { sha256Hex } from './codec.ts';

/** The shared text type of a note's document. */
export const TEXT = 'body';

export interface Seed {
  update: Uint8Array;
  sha256: string;
}

export async function seedFromBody(body: string): Promise<Seed> {
  const sha256 = await sha256Hex(body);
  const doc = new Y.Doc();
  // A client id from the hash (uint32, never 0), so the same body always gives the same items.
  doc.clientID = parseInt(sha256.slice(0, 8), 16) || 1;
  doc.getText(TEXT).insert(0, body);
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return { update, sha256 };
}
