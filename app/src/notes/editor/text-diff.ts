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

/**
 * Where a position in `before` is once `change` has made `after` of it: a position stays before
 * the text that followed it — at the end of the text, at the end of the new text — and one inside
 * a replaced part goes to the end of what replaced it. An editor switching from the text it showed
 * to a newer one (the row it opened with, then the device's copy of the shared document) keeps the
 * caret where the person put it, not at the same number of characters from the start.
 */
export function mapPosition(change: TextChange | null, pos: number): number {
  if (!change || pos < change.from) return pos;
  if (pos >= change.to) return pos + change.insert.length - (change.to - change.from);
  return change.from + change.insert.length;
}
