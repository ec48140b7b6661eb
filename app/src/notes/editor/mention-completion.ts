// "@" in the body suggests the notebook's people; picking one writes the mention's markdown
// (lib/text/mentions.ts). A completion source of the markdown language's data, not an
// `autocompletion({ override })` (which would be the only source): other sources (e.g. note
// links) compose with it.
import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { markdownLanguage } from '@codemirror/lang-markdown';
import type { Extension } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { mentionMarkdown } from '../../lib/text/mentions.ts';

export interface MentionPerson {
  id: string;
  name: string;
  /** Shown beside the name, e.g. their role. */
  detail?: string;
}

/** "@" and a partial name, at the start of a line or after a space or an opening bracket. */
const TYPED = /(?:^|[\s([{"'])@[\p{L}\p{N}._-]*$/u;

export function mentionSource(people: () => MentionPerson[], onMention?: () => void) {
  return (context: CompletionContext): CompletionResult | null => {
    const match = context.matchBefore(TYPED);
    if (!match) return null;
    const at = match.text.lastIndexOf('@');
    const from = match.from + at;
    const options: Completion[] = people().map((person) => ({
      label: `@${person.name}`,
      detail: person.detail,
      type: 'mention',
      apply: (view: EditorView, _completion: Completion, start: number, end: number) => {
        const insert = `${mentionMarkdown(person.name, person.id)} `;
        view.dispatch({
          changes: { from: start, to: end, insert },
          selection: { anchor: start + insert.length },
          userEvent: 'input.complete',
          scrollIntoView: true,
        });
        onMention?.();
      },
    }));
    if (options.length === 0) return null;
    return { from, options, validFor: /^@[\p{L}\p{N}._-]*$/u };
  };
}

/** The "@" completion: `people` is asked each time (the notebook's members as they are now). */
export function mentionCompletion(
  people: () => MentionPerson[],
  onMention?: () => void,
): Extension {
  return [
    markdownLanguage.data.of({ autocomplete: mentionSource(people, onMention) }),
    autocompletion(),
  ];
}
