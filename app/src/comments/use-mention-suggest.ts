// "@" in a comment box: while a name is being typed after an "@", a listbox under the box offers the notebook's people whose name has a word starting with what was typed
// (accents and case ignored). Arrow keys move, Enter or Tab picks, Escape closes the list (and
// only the list); picking writes the mention (lib/text/mentions.ts) and puts the caret after it.
import { useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { fold } from '../lib/text/fold.ts';
import { mentionMarkdown, mentionTypedBefore } from '../lib/text/mentions.ts';
import { useCommentPeople, type MentionPerson } from './mention-people.tsx';

const MAX = 6;

export function matchPeople(people: MentionPerson[], query: string): MentionPerson[] {
  const q = fold(query);
  return people
    .filter(
      (p) =>
        !q ||
        fold(p.name)
          .split(/[\s._-]+/)
          .some((word) => word.startsWith(q)),
    )
    .slice(0, MAX);
}

export function useMentionSuggest(
  body: string,
  setBody: (next: string) => void,
  box: RefObject<HTMLTextAreaElement | null>,
) {
  const { people } = useCommentPeople();
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [current, setCurrent] = useState(0);
  const [closedAt, setClosedAt] = useState<number | null>(null);

  const typed = caret === null ? null : mentionTypedBefore(body, caret);
  const options = typed ? matchPeople(people, typed.query) : [];
  const open = typed !== null && options.length > 0 && closedAt !== typed.from;
  const active = Math.min(current, Math.max(options.length - 1, 0));

  function pick(person: MentionPerson) {
    if (!typed || caret === null) return;
    const insert = `${mentionMarkdown(person.name, person.id)} `;
    const next = body.slice(0, typed.from) + insert + body.slice(caret);
    const at = typed.from + insert.length;
    setBody(next);
    setCaret(at);
    requestAnimationFrame(() => box.current?.setSelectionRange(at, at));
  }

  /** Handles the key when the list is open; true when it did. */
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open || !typed) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setCurrent((active + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      if (event.ctrlKey || event.metaKey) return false;
      pick(options[active]!);
    } else if (event.key === 'Escape') {
      setClosedAt(typed.from);
    } else return false;
    event.preventDefault();
    return true;
  }

  const follow = (el: HTMLTextAreaElement) => {
    setCaret(el.selectionStart === el.selectionEnd ? el.selectionStart : null);
    setCurrent(0);
  };
  const close = () => setCaret(null);
  const optionId = (i: number) => `${listId}-${i}`;

  return {
    open,
    options,
    active,
    listId,
    optionId,
    pick,
    onKeyDown,
    follow,
    close,
    /** For the text box (a textarea keeps its textbox role; it points at the list). */
    boxProps: {
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(active) : undefined,
    },
  };
}
