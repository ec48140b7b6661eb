// The frame of every signed-out page: the brand above a centred card with a title, a lead
// sentence, the form, and a footer line (links to the other auth pages).
import { useEffect, useRef, type ReactNode } from 'react';
import { Brand } from './brand.tsx';

interface AuthLayoutProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthLayout({ title, lead, children, footer }: AuthLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Sheaf`;
    // A new step or page: move focus to its heading, unless a field already took it (autoFocus).
    if (document.activeElement === document.body || document.activeElement === null)
      heading.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <div className="auth-page">
      <header>
        <Brand />
      </header>
      <main className="auth-card" id="main">
        <div className="auth-card__head">
          <h1 className="auth-card__title" ref={heading} tabIndex={-1}>
            {title}
          </h1>
          {lead ? <p className="auth-card__lead">{lead}</p> : null}
        </div>
        {children}
        {footer ? <div className="auth-card__foot">{footer}</div> : null}
      </main>
    </div>
  );
}
