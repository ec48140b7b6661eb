// A question asked in place before an action that takes something away from a person (removing
// a member, leaving a notebook): the question names who and what, a sentence says what happens,
// then the action and Cancel. Focus moves to the question so a screen reader reads it; Escape
// cancels it without closing the dialog around it.
import { useLayoutEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../ui/button.tsx';

interface Props {
  question: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmAction({
  question,
  children,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
}: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const questionId = useId();
  const whatId = useId();
  // In the commit that shows the question, not an effect a frame later (Preact runs those after
  // paint): a key pressed right after the one that asked must land inside the question.
  useLayoutEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      className="confirm-action"
      role="group"
      aria-labelledby={questionId}
      aria-describedby={whatId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // The sharing dialog would close on Escape: only the question goes.
        event.preventDefault();
        event.stopPropagation();
        onCancel();
      }}
    >
      <p className="confirm-action__question" id={questionId}>
        <strong>{question}</strong>
      </p>
      <div className="confirm-action__what" id={whatId}>
        {children}
      </div>
      <div className="confirm-action__buttons">
        <Button variant="danger" pending={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
