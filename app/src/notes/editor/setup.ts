// The editor's extensions: GitHub-flavoured markdown with highlighted fenced code (languages
// loaded on demand), shown rendered in place as it is written (live-preview.ts), undo history, search, markdown shortcuts (bold, italic, strikethrough,
// link; Enter continues lists), line wrapping, and a theme on Sheaf's colour variables so dark
// mode follows. The history is its own piece so live collaboration can swap in a shared-document
// undo manager (y-codemirror.next's yUndoManagerKeymap) without touching the rest.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { syntaxHighlighting } from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorSelection, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, keymap, placeholder, type Command } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import { livePreview, livePreviewTheme } from './live-preview.ts';

/** Wraps each selection in `mark` (or unwraps it when already wrapped). */
export function toggleWrap(mark: string): Command {
  return (view) => {
    const { state } = view;
    view.dispatch(
      state.changeByRange((range) => {
        const before = state.sliceDoc(range.from - mark.length, range.from);
        const after = state.sliceDoc(range.to, range.to + mark.length);
        if (before === mark && after === mark)
          return {
            changes: [
              { from: range.from - mark.length, to: range.from },
              { from: range.to, to: range.to + mark.length },
            ],
            range: EditorSelection.range(range.from - mark.length, range.to - mark.length),
          };
        return {
          changes: [
            { from: range.from, insert: mark },
            { from: range.to, insert: mark },
          ],
          range: EditorSelection.range(range.from + mark.length, range.to + mark.length),
        };
      }),
    );
    return true;
  };
}

/** Makes the selection a link: `[text](url)` with the URL selected for typing. */
export const insertLink: Command = (view) => {
  const range = view.state.selection.main;
  const text = view.state.sliceDoc(range.from, range.to) || 'link';
  const insert = `[${text}](https://)`;
  const urlStart = range.from + text.length + 3;
  view.dispatch({
    changes: { from: range.from, to: range.to, insert },
    selection: EditorSelection.range(urlStart, urlStart + 'https://'.length),
  });
  return true;
};

export const markdownKeys = [
  { key: 'Mod-b', run: toggleWrap('**') },
  { key: 'Mod-i', run: toggleWrap('*') },
  { key: 'Mod-Shift-x', run: toggleWrap('~~') },
  { key: 'Mod-Shift-l', run: insertLink },
  {
    key: 'Escape',
    run: (view: EditorView) => {
      view.contentDOM.blur();
      return true;
    },
  },
];

export const theme = EditorView.theme({
  // A page, not a box: the text flows under the title; the focus shows as a quiet rule at the
  // text's left edge.
  '&': {
    color: 'var(--text)',
    backgroundColor: 'transparent',
    fontSize: 'var(--text-md)',
  },
  '&.cm-focused': { outline: 'none' },
  '&.cm-focused .cm-content': { boxShadow: 'inset 3px 0 0 var(--focus)' },
  '.cm-scroller': { fontFamily: 'var(--font)', lineHeight: '1.65', minHeight: '320px' },
  '.cm-content': { padding: 'var(--space-2) 0', caretColor: 'var(--text)' },
  '.cm-line': { padding: '0 var(--space-3)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--info-border)',
  },
  '.cm-placeholder': { color: 'var(--muted)' },
  '.cm-panels': { backgroundColor: 'var(--surface-2)', color: 'var(--text)' },
  '.cm-searchMatch': { backgroundColor: 'var(--info-bg)', outline: '1px solid var(--primary)' },
});

/** Everything but the history (see the header) and the document itself. */
export function baseExtensions(label: string): Extension[] {
  return [
    // No HTML tag completion: "<" in a note is text; completions are "@" people (and the like).
    markdown({ base: markdownLanguage, codeLanguages: languages, completeHTMLTags: false }),
    syntaxHighlighting(classHighlighter),
    livePreview,
    livePreviewTheme,
    drawSelection(),
    highlightSelectionMatches(),
    EditorView.lineWrapping,
    placeholder('Start writing…'),
    EditorView.contentAttributes.of({ 'aria-label': label }),
    keymap.of([...markdownKeys, ...searchKeymap, ...defaultKeymap]),
    theme,
  ];
}

/** The local undo history (replaced by a shared-document undo manager when co-editing). */
export function localHistory(): Extension[] {
  return [history(), keymap.of(historyKeymap)];
}
