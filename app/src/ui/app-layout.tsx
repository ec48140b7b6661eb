// The frame of every signed-in page: a header with the brand, who is signed in and the account
// actions, then the page's content in a centred column.
import type { ReactNode } from 'react';
import { Brand } from './brand.tsx';

interface AppLayoutProps {
  userLabel: string;
  nav?: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}

export function AppLayout({ userLabel, nav, actions, children }: AppLayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          <div className="app-header__start">
            <Brand />
            {nav}
          </div>
          <div className="app-header__user">
            <span className="app-header__email" data-testid="header-user">
              {userLabel}
            </span>
            {actions}
          </div>
        </div>
      </header>
      <main className="app-main" id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
