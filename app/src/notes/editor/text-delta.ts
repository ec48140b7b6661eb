// A shared text's change (a Yjs delta: retain / insert / delete, in UTF-16 units) applied to a
// plain text field's value and selection, so someone else's edit of the title shows at once and
// leaves this person's caret where they were typing.
export type DeltaOp = { retain?: number; insert?: unknown; delete?: number };

export interface FieldState {
  value: string;
  start: number;
  end: number;
}

/** Where a position of the text before the change is afterwards. */
function mapPosition(delta: DeltaOp[], pos: number): number {
  let at = 0; // position in the old text
  let shift = 0;
  for (const op of delta) {
    if (at > pos) break;
    if (op.retain) at += op.retain;
    else if (typeof op.insert === 'string') {
      // Text inserted exactly at the caret goes before it (someone typing just before us).
      if (at <= pos) shift += op.insert.length;
    } else if (op.delete) {
      const removed = Math.min(op.delete, Math.max(0, pos - at));
      shift -= removed;
      at += op.delete;
    }
  }
  return Math.max(0, pos + shift);
}

export function applyDelta(state: FieldState, delta: DeltaOp[]): FieldState {
  let value = '';
  let at = 0;
  for (const op of delta) {
    if (op.retain) {
      value += state.value.slice(at, at + op.retain);
      at += op.retain;
    } else if (typeof op.insert === 'string') value += op.insert;
    else if (op.delete) at += op.delete;
  }
  value += state.value.slice(at);
  const clamp = (n: number) => Math.min(value.length, n);
  return {
    value,
    start: clamp(mapPosition(delta, state.start)),
    end: clamp(mapPosition(delta, state.end)),
  };
}
