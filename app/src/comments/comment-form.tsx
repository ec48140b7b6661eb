// A text box for a comment (new, reply or edit) with its submit and cancel buttons. Ctrl/⌘+Enter
// submits; Escape cancels. Empty text is not sent.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../ui/button.tsx';

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
        id={id}
        className="field__input comment-form__text"
        value={body}
        rows={2}
        maxLength={10000}
        placeholder={p.label}
        autoFocus={p.autoFocus}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? errorId : undefined}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
          if (e.key === 'Escape' && p.onCancel) {
            e.preventDefault();
            p.onCancel();
          }
        }}
      />
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
