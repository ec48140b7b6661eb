// The note body editor: CodeMirror 6 in a React component. The document is CodeMirror's own:
// `value` seeds it and outside changes are applied as a minimal edit; each edit is reported by
// `onChange`. Pasted or dropped image files go to `onFiles` with the position they belong at.
// `collaboration` replaces the local undo history with extensions of its own (issue 13's Yjs
// binding: yCollab(...) plus its undo manager) and gives the text: the editor starts from the
// shared text as it is when the binding attaches (in the same task, so no remote change can fall
// between the two — the binding only forwards changes made after it attached), and `value` is
// then ignored. When the editor switches to it (a new note once stored, a note whose shared copy
// has opened), the selection and the focus carry over.
import {
  Annotation,
  Compartment,
  EditorState,
  type EditorSelection,
  type Extension,
} from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import '../markdown/markdown.css';
import { baseExtensions, localHistory } from './setup.ts';
import { textChange } from './text-diff.ts';

export interface EditorHandle {
  /** Inserts text on lines of its own at a position (clamped to the document). */
  insertBlock(at: number, text: string): void;
  /** Replaces the first occurrence of `find`; false when it is no longer there. */
  replace(find: string, replacement: string): boolean;
  focus(): void;
}

export interface MarkdownEditorProps {
  value: string;
  onChange(value: string): void;
  label: string;
  describedBy?: string;
  invalid?: boolean;
  readOnly?: boolean;
  onFiles?(files: File[], at: number): void;
  collaboration?: SharedText;
}

/** A shared document's binding and its text now. */
export interface SharedText {
  extension: Extension;
  text(): string;
}

/** Marks changes made from outside (the `value` prop): they are not reported back. */
const outside = Annotation.define<boolean>();

function contentAttributes(p: MarkdownEditorProps): Extension {
  const attrs: Record<string, string> = {};
  if (p.describedBy) attrs['aria-describedby'] = p.describedBy;
  if (p.invalid) attrs['aria-invalid'] = 'true';
  if (p.readOnly) attrs['aria-readonly'] = 'true';
  return EditorView.contentAttributes.of(attrs);
}

function editability(readOnly = false): Extension {
  return [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];
}

function imageFiles(list: FileList | null | undefined): File[] {
  return [...(list ?? [])].filter((f) => f.type.startsWith('image/'));
}

const MarkdownEditor = forwardRef<EditorHandle, MarkdownEditorProps>(
  function MarkdownEditor(props, ref) {
    const { value, label, describedBy, invalid, readOnly = false, collaboration } = props;
    const host = useRef<HTMLDivElement>(null);
    const view = useRef<EditorView | null>(null);
    const latest = useRef(props);
    const attributes = useRef(new Compartment());
    const editable = useRef(new Compartment());
    const carried = useRef<{ selection: EditorSelection; focused: boolean } | null>(null);
    useLayoutEffect(() => {
      latest.current = props;
    });

    useEffect(() => {
      const state = EditorState.create({
        doc: collaboration ? collaboration.text() : latest.current.value,
        extensions: [
          baseExtensions(label),
          collaboration?.extension ?? localHistory(),
          attributes.current.of(contentAttributes(latest.current)),
          editable.current.of(editability(latest.current.readOnly)),
          // A shared document reports nothing: its text is the session's, not a value here.
          EditorView.updateListener.of((update) => {
            if (collaboration) return;
            if (update.docChanged && !update.transactions.some((tr) => tr.annotation(outside)))
              latest.current.onChange(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            paste(event, v) {
              const files = imageFiles(event.clipboardData?.files);
              if (files.length === 0 || !latest.current.onFiles) return false;
              event.preventDefault();
              latest.current.onFiles(files, v.state.selection.main.head);
              return true;
            },
            drop(event, v) {
              const files = imageFiles(event.dataTransfer?.files);
              if (files.length === 0 || !latest.current.onFiles) return false;
              event.preventDefault();
              const at = v.posAtCoords({ x: event.clientX, y: event.clientY });
              latest.current.onFiles(files, at ?? v.state.selection.main.head);
              return true;
            },
          }),
        ],
      });
      const created = new EditorView({ state, parent: host.current! });
      view.current = created;
      const before = carried.current;
      carried.current = null;
      if (before && before.selection.ranges.every((r) => r.to <= state.doc.length)) {
        created.dispatch({ selection: before.selection, scrollIntoView: true });
        if (before.focused) created.focus();
      }
      return () => {
        carried.current = { selection: created.state.selection, focused: created.hasFocus };
        created.destroy();
        view.current = null;
      };
    }, [label, collaboration]);

    // Outside changes to the value (restore, discard, a ticked task) become one minimal edit.
    useEffect(() => {
      const v = view.current;
      if (!v || collaboration) return;
      const change = textChange(v.state.doc.toString(), value);
      if (change) v.dispatch({ changes: change, annotations: outside.of(true) });
    }, [value, collaboration]);

    useEffect(() => {
      view.current?.dispatch({
        effects: [
          attributes.current.reconfigure(
            contentAttributes({ ...latest.current, describedBy, invalid, readOnly }),
          ),
          editable.current.reconfigure(editability(readOnly)),
        ],
      });
    }, [describedBy, invalid, readOnly]);

    useImperativeHandle(
      ref,
      () => ({
        insertBlock(at, text) {
          const v = view.current;
          if (!v) return;
          const pos = Math.min(Math.max(at, 0), v.state.doc.length);
          const line = v.state.doc.lineAt(pos);
          const before = pos > line.from ? '\n' : '';
          const after = pos < line.to ? '\n' : '';
          const insert = `${before}${text}${after}`;
          v.dispatch({
            changes: { from: pos, insert },
            selection: { anchor: pos + insert.length },
          });
        },
        replace(find, replacement) {
          const v = view.current;
          if (!v) return false;
          const at = v.state.doc.toString().indexOf(find);
          if (at < 0) return false;
          v.dispatch({ changes: { from: at, to: at + find.length, insert: replacement } });
          return true;
        },
        focus() {
          view.current?.focus();
        },
      }),
      [],
    );

    return <div ref={host} className="md-editor" data-testid="body-editor" />;
  },
);

export default MarkdownEditor;
