// A limit on the editor's text in UTF-8 bytes (a note's body holds at most 1 MiB): the text's
// size is kept as a state field, updated by each change rather than counted again, and a change
// the person makes (typing, pasting, dropping) that would take it past the limit is refused
// whole — nothing of it is inserted, so nothing is kept that could not be saved, and the person
// still has what they pasted. Text the browser is about to insert itself (typing, a text
// expander, an input method) is weighed before it reaches the page (beforeinput), so a huge
// insertion never has to be drawn and taken back. Changes from elsewhere (others' edits, a
// restored version) are never refused: the editor must show the shared text as it is.
import { EditorState, StateField, type Extension, type Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

/** UTF-8 bytes of a string, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

function docBytes(doc: Text): number {
  let bytes = 0;
  for (const iter = doc.iter(); !iter.next().done;) bytes += utf8Length(iter.value);
  return bytes;
}

/** The document's size in UTF-8 bytes. */
export const textBytes = StateField.define<number>({
  create: (state) => docBytes(state.doc),
  update(bytes, tr) {
    if (!tr.docChanged) return bytes;
    let next = bytes;
    tr.changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
      next += docBytes(inserted) - utf8Length(tr.startState.sliceDoc(fromA, toA));
    });
    return next;
  },
});

const PERSON = ['input', 'paste', 'drop', 'move'];

/** The UTF-8 bytes the selection holds (what an insertion replaces). */
function selectedBytes(view: EditorView): number {
  let bytes = 0;
  for (const range of view.state.selection.ranges)
    bytes += utf8Length(view.state.sliceDoc(range.from, range.to));
  return bytes;
}

/**
 * Refuses the person's changes that would make the text larger than `maxBytes`, telling
 * `refused` how large it would have been.
 */
export function sizeLimit(maxBytes: number, refused: (bytes: number) => void): Extension {
  return [
    textBytes,
    EditorView.domEventHandlers({
      beforeinput(event, view) {
        if (!event.inputType.startsWith('insert')) return false;
        const text = event.data ?? event.dataTransfer?.getData('text/plain') ?? '';
        if (!text) return false;
        const after = view.state.field(textBytes) + utf8Length(text) - selectedBytes(view);
        if (after <= maxBytes || after <= view.state.field(textBytes)) return false;
        event.preventDefault();
        queueMicrotask(() => refused(after));
        return true;
      },
    }),
    EditorState.transactionFilter.of((tr) => {
      if (!tr.docChanged || !PERSON.some((event) => tr.isUserEvent(event))) return tr;
      const before = tr.startState.field(textBytes);
      let after = before;
      tr.changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
        after += docBytes(inserted) - utf8Length(tr.startState.sliceDoc(fromA, toA));
      });
      if (after <= maxBytes || after <= before) return tr;
      queueMicrotask(() => refused(after));
      return [];
    }),
  ];
}
