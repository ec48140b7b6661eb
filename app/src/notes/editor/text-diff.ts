// The one change that turns `before` into `after` (common start and end kept), so an outside
// update (a restored version, a ticked task, "discard my changes") touches only what differs
// and leaves the cursor and undo history of the rest alone.
export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

export function textChange(before: string, after: string): TextChange | null {
  if (before === after) return null;
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (
    endBefore > start &&
    endAfter > start &&
    before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)
  ) {
    endBefore--;
    endAfter--;
  }
  return { from: start, to: endBefore, insert: after.slice(start, endAfter) };
}
