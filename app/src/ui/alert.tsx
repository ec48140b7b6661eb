// A message box: errors are announced at once (role=alert), information politely (role=status).
import type { ReactNode } from 'react';

interface AlertProps {
  tone: 'error' | 'info';
  title?: string;
  children: ReactNode;
}

export function Alert({ tone, title, children }: AlertProps) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <strong className="alert__title">{title}</strong> : null}
      {children}
    </div>
  );
}
