// The note body editor: CodeMirror 6 in a React component. The document is CodeMirror's own:
// `value` seeds it and outside changes are applied as a minimal edit; each edit is reported by
// `onChange`, and a `value` that is only the echo of an edit reported earlier is not applied
// again (renders lag behind fast typing: applying an older echo would undo the keys typed
// since). Pasted or dropped image files go to `onFiles` with the position they belong at.
// `collaboration` replaces the local undo history with extensions of its own (issue 13's Yjs
// binding: yCollab(...) plus its undo manager) and gives the text: the editor starts from the
// shared text as it is when the binding attaches (in the same task, so no remote change can fall
// between the two — the binding only forwards changes made after it attached), and `value` is
// then ignored. When the editor switches to it (a new note once stored, a note whose shared copy
// has opened), what the editor held is first handed to the shared text (`adopt`), in that same
// task — so no key typed meanwhile falls between the two editors — and the focus and the
// selection carry over, the selection mapped from the text shown before to the shared one (which
// may be newer: the caret put at the end of the row's text stays at the end of the device's copy).
// `maxBytes` refuses the person's edits that would pass a size (size-limit.ts).
// A read-only editor can still be focused (to read, select, search): keys typed in it are text
// that has nowhere to go, never shortcuts, and `onReadOnlyKey` may tell the person why — except
// while `opening` (read-only only until the shared copy binds, a moment): those keys are held and
// typed into the shared text at the caret once it binds.
import {
  Annotation,
  Compartment,
  EditorSelection,
  EditorState,
  type Extension,
} from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import { noteLinkCompletion, type SuggestNotes } from '../links/note-link-completion.ts';
import '../markdown/markdown.css';
import { mentionCompletion, type MentionPerson } from './mention-completion.ts';
import { baseExtensions, localHistory } from './setup.ts';
import { hasHeldKeys, holdKey, noHeldKeys, type HeldKeys } from './held-keys.ts';
import { sizeLimit } from './size-limit.ts';
import { mapPosition, textChange } from './text-diff.ts';

export interface EditorHandle {
  /** Inserts text on lines of its own at a position (clamped to the document). */
  insertBlock(at: number, text: string): void;
  /** Replaces the first occurrence of `find`; false when it is no longer there. */
  replace(find: string, replacement: string): boolean;
  /** Inserts text at the cursor (replacing the selection), as typing would. */
  insertText(text: string): void;
  focus(): void;
  /**
   * Focuses the editor and inserts `typed()` at the cursor, asked once the editor exists — in
   * the same task as its focus, so keys held for it until then are all taken, and none falls
   * on the page between (where single keys are shortcuts).
   */
  focusTaking(typed: () => string): void;
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
  /** The most UTF-8 bytes the person may make the text (see size-limit.ts). */
  maxBytes?: number;
  /** A change was refused: the text would have been `bytes` long. */
  onTooLarge?(bytes: number): void;
  /** A key that would type was pressed in the read-only editor. */
  onReadOnlyKey?(): void;
  /**
   * Read-only only until `collaboration` binds (the note's shared copy is opening): keys typed
   * meanwhile are held, and typed into the shared text at the caret once it binds. `onHeldKey`
   * is told of each.
   */
  opening?: boolean;
  onHeldKey?(): void;
  /** Notes `[[` offers to link to (links/note-link-completion.ts); without it, none. */
  suggestNotes?: SuggestNotes;
  /** Who "@" suggests (the notebook's people); `onMention` after one is picked. */
  mentionPeople?: MentionPerson[];
  onMention?(): void;
}

/** A shared document's binding and its text now. */
export interface SharedText {
  extension: Extension;
  text(): string;
  /** Takes what the editor held before it switched to the shared text (see the header). */
  adopt?(previous: string): void;
}

/** How many echoes of reported edits are remembered (renders lag a few edits at most). */
const ECHOES = 64;

/** Marks changes made from outside (the `value` prop): they are not reported back. */
const outside = Annotation.define<boolean>();

function contentAttributes(p: MarkdownEditorProps): Extension {
  const attrs: Record<string, string> = {};
  if (p.describedBy) attrs['aria-describedby'] = p.describedBy;
  if (p.invalid) attrs['aria-invalid'] = 'true';
  if (p.readOnly) {
    attrs['aria-readonly'] = 'true';
    attrs.tabindex = '0';
  }
  return EditorView.contentAttributes.of(attrs);
}

function editability(readOnly = false): Extension {
  return [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];
}

function imageFiles(list: FileList | null | undefined): File[] {
  return [...(list ?? [])].filter((f) => f.type.startsWith('image/'));
}

function typeHeld(view: EditorView, keys: HeldKeys): void {
  const head = view.state.selection.main.head;
  if (keys.deletes) {
    const from = Math.max(0, head - keys.deletes);
    view.dispatch({ changes: { from, to: head }, userEvent: 'delete.backward' });
  }
  if (keys.text) insertAtCursor(view, keys.text);
}

/** Text at the cursor (replacing the selection), as typed. */
function insertAtCursor(view: EditorView, text: string): void {
  view.dispatch(view.state.replaceSelection(text), {
    userEvent: 'input.type',
    scrollIntoView: true,
  });
}

const MarkdownEditor = forwardRef<EditorHandle, MarkdownEditorProps>(
  function MarkdownEditor(props, ref) {
    const { value, label, describedBy, invalid, readOnly = false, collaboration } = props;
    const host = useRef<HTMLDivElement>(null);
    const view = useRef<EditorView | null>(null);
    const latest = useRef(props);
    const attributes = useRef(new Compartment());
    const editable = useRef(new Compartment());
    const carried = useRef<{
      selection: EditorSelection;
      focused: boolean;
      text: string;
      shared: boolean;
    } | null>(null);
    /** Values reported by onChange and not yet seen back as `value`. */
    const echoes = useRef<string[]>([]);
    /** The `value` last seen: only a new one can be an outside change. */
    const seen = useRef(value);
    /** Asked of the editor before its view existed (it is made after the first paint). */
    const early = useRef<{ insert: string; focus: boolean; typed?: () => string }>({
      insert: '',
      focus: false,
    });
    /** Keys typed while `opening`, for the shared text once it binds. */
    const held = useRef<HeldKeys>(noHeldKeys());
    useLayoutEffect(() => {
      latest.current = props;
    });

    useEffect(() => {
      const before = carried.current;
      carried.current = null;
      // Switching to the shared text: it takes what the plain editor held first (same task).
      if (collaboration && before && !before.shared) collaboration.adopt?.(before.text);
      const { maxBytes } = latest.current;
      const state = EditorState.create({
        doc: collaboration ? collaboration.text() : latest.current.value,
        extensions: [
          baseExtensions(label),
          mentionCompletion(
            () => latest.current.mentionPeople ?? [],
            () => latest.current.onMention?.(),
          ),
          collaboration?.extension ?? localHistory(),
          noteLinkCompletion(() => latest.current.suggestNotes),
          maxBytes ? sizeLimit(maxBytes, (bytes) => latest.current.onTooLarge?.(bytes)) : [],
          attributes.current.of(contentAttributes(latest.current)),
          editable.current.of(editability(latest.current.readOnly)),
          // A shared document reports nothing: its text is the session's, not a value here.
          EditorView.updateListener.of((update) => {
            if (collaboration) return;
            if (update.docChanged && !update.transactions.some((tr) => tr.annotation(outside))) {
              const text = update.state.doc.toString();
              echoes.current.push(text);
              if (echoes.current.length > ECHOES) echoes.current.shift();
              latest.current.onChange(text);
            }
          }),
          EditorView.domEventHandlers({
            keydown(event, v) {
              if (!v.state.readOnly || event.ctrlKey || event.metaKey || event.altKey) return false;
              if (event.isComposing) return false;
              const typing =
                [...event.key].length === 1 || event.key === 'Enter' || event.key === 'Backspace';
              if (!typing) return false;
              if (!latest.current.opening) {
                latest.current.onReadOnlyKey?.();
                return false;
              }
              // The shared text is opening: the key is held, and typed into it once it is.
              holdKey(held.current, event.key, { enter: true });
              latest.current.onHeldKey?.();
              event.preventDefault();
              return true;
            },
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
      if (before) {
        // The text shown before may be older than this one (the row the page opened with, the
        // device's copy newer): the caret stays where the person put it in that text.
        const change = textChange(before.text, state.doc.toString());
        const map = (pos: number) => mapPosition(change, pos);
        const ranges = before.selection.ranges.map((r) =>
          EditorSelection.range(map(r.anchor), map(r.head)),
        );
        created.dispatch({
          selection: EditorSelection.create(ranges, before.selection.mainIndex),
          scrollIntoView: true,
        });
      }
      if (before?.focused) created.focus();
      const waited = held.current;
      held.current = noHeldKeys();
      if (collaboration && hasHeldKeys(waited)) typeHeld(created, waited);
      const asked = early.current;
      early.current = { insert: '', focus: false };
      if (asked.insert) insertAtCursor(created, asked.insert);
      if (asked.focus) created.focus();
      const typed = asked.typed?.();
      if (typed) insertAtCursor(created, typed);
      return () => {
        carried.current = {
          selection: created.state.selection,
          // Not `hasFocus`: a window that does not report focus still gets keys (headless).
          focused: created.root.activeElement === created.contentDOM,
          text: created.state.doc.toString(),
          shared: !!collaboration,
        };
        created.destroy();
        view.current = null;
      };
    }, [label, collaboration]);

    // Outside changes to the value (restore, discard, a ticked task) become one minimal edit;
    // echoes of the editor's own edits are not outside changes.
    useEffect(() => {
      const v = view.current;
      if (!v || collaboration || value === seen.current) return;
      seen.current = value;
      const echo = echoes.current.indexOf(value);
      if (echo >= 0) {
        echoes.current.splice(0, echo + 1);
        return;
      }
      const change = textChange(v.state.doc.toString(), value);
      if (change) v.dispatch({ changes: change, annotations: outside.of(true) });
    }, [value, collaboration]);

    // Opening ended without the shared text (unavailable, refused): the held keys have nowhere
    // to go, and the person is told so as for any key typed into a read-only editor.
    useEffect(() => {
      if (props.opening || collaboration || !hasHeldKeys(held.current)) return;
      held.current = noHeldKeys();
      latest.current.onReadOnlyKey?.();
    }, [props.opening, collaboration]);

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
        insertText(text) {
          if (!text) return;
          if (view.current) insertAtCursor(view.current, text);
          else early.current.insert += text;
        },
        focus() {
          if (view.current) view.current.focus();
          else early.current.focus = true;
        },
        focusTaking(typed) {
          const v = view.current;
          if (!v) {
            early.current.focus = true;
            early.current.typed = typed;
            return;
          }
          v.focus();
          const text = typed();
          if (text) insertAtCursor(v, text);
        },
      }),
      [],
    );

    return <div ref={host} className="md-editor" data-testid="body-editor" />;
  },
);

export default MarkdownEditor;
