// The frame of every signed-in page: a header with the brand, navigation, who is signed in and
// the account actions, then the page's content — in a centred column, or across the whole width
// for the workspace (sidebar, list and note side by side).
import type { ReactNode } from 'react';
import { Brand } from './brand.tsx';

interface AppLayoutProps {
  userLabel: string;
  nav?: ReactNode;
  /** Tools before the user (search, shortcuts). */
  tools?: ReactNode;
  actions: ReactNode;
  wide?: boolean;
  children: ReactNode;
}

export function AppLayout({ userLabel, nav, tools, actions, wide, children }: AppLayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={`app-header${wide ? ' app-header--wide' : ''}`}>
        <div className="app-header__inner">
          <div className="app-header__start">
            <Brand />
            {nav}
          </div>
          <div className="app-header__user">
            {tools}
            <span className="app-header__email" data-testid="header-user">
              {userLabel}
            </span>
            {actions}
          </div>
        </div>
      </header>
      <main className={wide ? 'app-main app-main--wide' : 'app-main'} id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
