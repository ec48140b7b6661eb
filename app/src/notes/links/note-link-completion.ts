// Typing `[[` in the body suggests notes to link to: CodeMirror's autocompletion, fed by
// `suggest` (notes whose title starts with what follows the brackets, accent-insensitive).
// Arrows move through the list, Enter (or a click) inserts the link as markdown
// (link-syntax.ts), Escape closes the list and leaves the text as typed. The list is a labelled
// listbox and the editor points at the active option, so screen readers follow along.
import { autocompletion, type CompletionSource } from '@codemirror/autocomplete';
import { markdownLanguage } from '@codemirror/lang-markdown';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { noteLinkMarkdown } from './link-syntax.ts';

export interface NoteSuggestion {
  id: string;
  title: string;
  notebookName: string;
}

/** Notes to offer for what was typed after `[[` (may be empty: recent notes). */
export type SuggestNotes = (query: string) => Promise<NoteSuggestion[]>;

/** `[[` and what follows it on the line, up to a closing bracket. */
const TYPED = /\[\[[^[\]\n]{0,80}$/;

/** The list in Sheaf's colours (dark mode follows), the notebook's name beside each title. */
const theme = EditorView.theme({
  '.cm-tooltip.cm-tooltip-autocomplete': {
    backgroundColor: 'var(--surface)',
    color: 'var(--text)',
    border: '1px solid var(--border)',
    borderRadius: 'var(--radius-sm)',
    fontFamily: 'var(--font)',
  },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li': { padding: 'var(--space-1) var(--space-2)' },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--primary)',
    color: 'var(--on-primary)',
  },
  '.cm-completionDetail': { marginLeft: 'var(--space-2)', fontStyle: 'normal' },
});

/** The completion, asking `suggest()` (read when the list opens: it may change) for notes. */
export function noteLinkCompletion(suggest: () => SuggestNotes | undefined): Extension {
  const source: CompletionSource = async (context) => {
    const typed = context.matchBefore(TYPED);
    const ask = suggest();
    if (!typed || !ask) return null;
    let notes: NoteSuggestion[];
    try {
      notes = await ask(typed.text.slice(2));
    } catch {
      return null;
    }
    if (context.aborted) return null;
    return {
      from: typed.from,
      to: context.pos,
      filter: false,
      options: notes.map((note, i) => ({
        label: note.title.trim() || 'Untitled note',
        detail: note.notebookName,
        apply: noteLinkMarkdown(note.title, note.id),
        boost: -i,
      })),
    };
  };
  // A source of the markdown language's data, not an exclusive `override`: "@" (mentions)
  // suggests through the same list.
  return [
    markdownLanguage.data.of({ autocomplete: source }),
    autocompletion({ icons: false, activateOnTypingDelay: 50 }),
    EditorState.phrases.of({ Completions: 'Suggestions' }),
    theme,
  ];
}
