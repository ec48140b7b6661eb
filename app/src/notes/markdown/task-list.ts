// Ticking a task in the preview writes the change into the markdown source: the list item that
// starts at `offset` gets its "[ ]" / "[x]" box flipped, nothing else moves.

const TASK = /^([ \t>]*(?:[-*+]|\d{1,9}[.)])[ \t]+)\[( |x|X)\]/;

/** The source with the task at `offset` set to `checked`, or the source unchanged. */
export function setTask(source: string, offset: number, checked: boolean): string {
  const lineStart = source.lastIndexOf('\n', offset - 1) + 1;
  const match = TASK.exec(source.slice(lineStart, lineStart + 200));
  if (!match) return source;
  const box = lineStart + match[1]!.length;
  return `${source.slice(0, box)}[${checked ? 'x' : ' '}]${source.slice(box + 3)}`;
}
