// A text box for a comment (new, reply or edit) with its submit and cancel buttons. Ctrl/⌘+Enter
// submits; Escape cancels. Empty text is not sent. "@" suggests the notebook's people
// (use-mention-suggest.ts).
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../ui/button.tsx';
import { useMentionSuggest } from './use-mention-suggest.ts';

interface Props {
  label: string;
  submitLabel: string;
  initial?: string;
  pending?: boolean;
  error?: string | null;
  autoFocus?: boolean;
  onSubmit(body: string): void;
  onCancel?(): void;
}

export function CommentForm(p: Props) {
  const [body, setBody] = useState(p.initial ?? '');
  const id = useId();
  const errorId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionSuggest(body, setBody, box);
  function submit(event?: FormEvent) {
    event?.preventDefault();
    const text = body.trim();
    if (!text || p.pending) return;
    p.onSubmit(text);
    if (!p.initial) setBody('');
  }
  return (
    <form className="comment-form" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        {p.label}
      </label>
      <textarea
        ref={box}
        id={id}
        className="field__input comment-form__text"
        value={body}
        rows={2}
        maxLength={10000}
        placeholder={p.label}
        autoFocus={p.autoFocus}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? errorId : undefined}
        {...mention.boxProps}
        onChange={(e) => {
          setBody(e.target.value);
          mention.follow(e.target);
        }}
        onSelect={(e) => mention.follow(e.currentTarget)}
        onBlur={() => mention.close()}
        onKeyDown={(e) => {
          if (mention.onKeyDown(e)) return;
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
          if (e.key === 'Escape' && p.onCancel) {
            e.preventDefault();
            p.onCancel();
          }
        }}
      />
      {mention.open ? (
        <ul
          id={mention.listId}
          role="listbox"
          aria-label="People to mention"
          className="mention-list"
        >
          {mention.options.map((person, i) => (
            <li
              key={person.id}
              id={mention.optionId(i)}
              role="option"
              aria-selected={i === mention.active}
              className="mention-list__option"
              onMouseDown={(e) => {
                e.preventDefault();
                mention.pick(person);
              }}
            >
              @{person.name}
            </li>
          ))}
        </ul>
      ) : null}
      {p.error ? (
        <p className="field__error" id={errorId} role="alert">
          {p.error}
        </p>
      ) : null}
      <div className="comment-form__actions">
        <Button type="submit" pending={p.pending} disabled={!body.trim()}>
          {p.submitLabel}
        </Button>
        {p.onCancel ? (
          <Button variant="secondary" onClick={p.onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
