// A modal dialog on the native <dialog> element: showModal() traps focus and makes the rest of
// the page inert, Escape closes it, focus returns to where it was. Labelled by its title.
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  /** Hide the title visually (it still names the dialog). */
  hideTitle?: boolean;
  onClose(): void;
  children: ReactNode;
  className?: string;
  /** Extra buttons or text in the header, before "Close". */
  actions?: ReactNode;
}

export function Dialog({ title, hideTitle, onClose, children, className, actions }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });
  useLayoutEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={['dialog', className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onClick={(e) => {
        if (e.target === ref.current) close.current();
      }}
    >
      <div className="dialog__head">
        <h2 className={hideTitle ? 'visually-hidden' : 'dialog__title'} id={titleId}>
          {title}
        </h2>
        {actions}
        <button type="button" className="dialog__close" onClick={() => close.current()}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Close</span>
        </button>
      </div>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
