// What clients of one note say to each other over its private Realtime channel, as one binary
// broadcast (event "y") per flush: who sends (user id and Yjs client id, as the sender states
// them; the channel's policies decided that the sender may send at all) and one or more parts.
//
//   update    a document update the sender's document just had, numbered by the sender
//   saved     the sender stored its updates numbered up to `through`, as row `seq` of the log
//   sync      "send me what I lack": the sender's state vector, after it loaded the stored log
//   reply     what the addressee lacked, answering its sync
//   awareness cursors, selections and who they are (y-protocols awareness)
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

const VERSION = 1;

export type Part =
  | { kind: 'update'; n: number; update: Uint8Array }
  | { kind: 'saved'; through: number; seq: number }
  | { kind: 'sync'; stateVector: Uint8Array }
  | { kind: 'reply'; to: number; update: Uint8Array }
  | { kind: 'awareness'; update: Uint8Array };

export interface Message {
  userId: string;
  clientId: number;
  parts: Part[];
}

const KINDS = ['update', 'saved', 'sync', 'reply', 'awareness'] as const;

export function encodeMessage(message: Message): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, VERSION);
  encoding.writeVarString(e, message.userId);
  encoding.writeVarUint(e, message.clientId);
  encoding.writeVarUint(e, message.parts.length);
  for (const part of message.parts) {
    encoding.writeVarUint(e, KINDS.indexOf(part.kind));
    switch (part.kind) {
      case 'update':
        encoding.writeVarUint(e, part.n);
        encoding.writeVarUint8Array(e, part.update);
        break;
      case 'saved':
        encoding.writeVarUint(e, part.through);
        encoding.writeVarUint(e, part.seq);
        break;
      case 'sync':
        encoding.writeVarUint8Array(e, part.stateVector);
        break;
      case 'reply':
        encoding.writeVarUint(e, part.to);
        encoding.writeVarUint8Array(e, part.update);
        break;
      case 'awareness':
        encoding.writeVarUint8Array(e, part.update);
        break;
    }
  }
  return encoding.toUint8Array(e);
}

/** The message in these bytes, or null when they are not one (of this version). */
export function decodeMessage(bytes: Uint8Array): Message | null {
  try {
    const d = decoding.createDecoder(bytes);
    if (decoding.readVarUint(d) !== VERSION) return null;
    const userId = decoding.readVarString(d);
    const clientId = decoding.readVarUint(d);
    const count = decoding.readVarUint(d);
    const parts: Part[] = [];
    for (let i = 0; i < count; i += 1) {
      const kind = KINDS[decoding.readVarUint(d)];
      if (kind === 'update')
        parts.push({ kind, n: decoding.readVarUint(d), update: decoding.readVarUint8Array(d) });
      else if (kind === 'saved')
        parts.push({ kind, through: decoding.readVarUint(d), seq: decoding.readVarUint(d) });
      else if (kind === 'sync') parts.push({ kind, stateVector: decoding.readVarUint8Array(d) });
      else if (kind === 'reply')
        parts.push({ kind, to: decoding.readVarUint(d), update: decoding.readVarUint8Array(d) });
      else if (kind === 'awareness') parts.push({ kind, update: decoding.readVarUint8Array(d) });
      else return null;
    }
    return { userId, clientId, parts };
  } catch {
    return null;
  }
}
