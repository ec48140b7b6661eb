// The frame around signed-in pages: header with navigation, search (Ctrl/⌘+K or /), the
// shortcuts sheet (?), the user and "Sign out"; the user is checked with the server as pages
// open (a revoked session signs out). The palette's code loads the first time it is opened. The
// frame stays while a page below waits for its code or the data client. Someone who joined by
// an invitation meets the newcomer's welcome (auth/) until they have been welcomed.
import { lazy, Suspense, useMemo, useState } from 'react';
import { NavLink, Outlet, useMatch, useNavigate } from 'react-router';
import { describeKeys, useShortcuts } from '../lib/keyboard/shortcuts.ts';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSignedIn, useSession } from '../lib/session/session-context.ts';
import { useUserCheck } from '../lib/session/use-user-check.ts';
import { Alert } from '../ui/alert.tsx';
import { AppLayout } from '../ui/app-layout.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import type { PaletteItem } from './palette-items.ts';
import { ShortcutsSheet } from './shortcuts-sheet.tsx';
import { accountEmail, accountPhone } from '../account/api/account-identity.ts';
import { NotificationsBell } from '../notifications/notifications-bell.tsx';
import '../ui/signed-in.css';

const CommandPalette = lazy(() =>
  import('./command-palette.tsx').then((m) => ({ default: m.CommandPalette })),
);
const NewcomerWelcome = lazy(() =>
  import('../auth/newcomer-welcome.tsx').then((m) => ({ default: m.NewcomerWelcome })),
);

export function SignedInLayout() {
  const { user } = useSignedIn();
  const { signOut } = useSession();
  const submit = useSubmit();
  const navigate = useNavigate();
  const notebook = useMatch('/n/:notebookId/*');
  // Settings and import/export are pages of their own, in a column; the rest is the workspace.
  const settings = useMatch('/settings/*');
  const transfer = useMatch('/transfer');
  const column = settings ?? transfer;
  const [palette, setPalette] = useState(false);
  const [sheet, setSheet] = useState(false);
  useUserCheck(user.id);
  useShortcuts([
    { keys: 'mod+k', inFields: true, run: () => setPalette((open) => !open) },
    { keys: '/', run: () => setPalette(true) },
    { keys: '?', run: () => setSheet(true) },
  ]);

  const notebookId = notebook?.params.notebookId;
  const commands = useMemo<PaletteItem[]>(
    () => [
      ...(notebookId
        ? [
            {
              id: 'cmd:new-note',
              group: 'Commands',
              label: 'New note',
              run: () =>
                void navigate(`/n/${notebookId}/${crypto.randomUUID()}`, {
                  state: { newNote: true },
                }),
            },
          ]
        : []),
      { id: 'cmd:home', group: 'Commands', label: 'Go to Home', to: '/' },
      { id: 'cmd:trash', group: 'Commands', label: 'Open the trash', to: '/trash' },
      { id: 'cmd:settings', group: 'Commands', label: 'Open settings', to: '/settings' },
      {
        id: 'cmd:shortcuts',
        group: 'Commands',
        label: 'Show keyboard shortcuts',
        run: () => setSheet(true),
      },
    ],
    [notebookId, navigate],
  );

  return (
    <AppLayout
      wide={!column}
      userLabel={accountEmail(user) ?? accountPhone(user) ?? 'Your account'}
      nav={
        <nav className="app-nav" aria-label="Main">
          <NavLink to="/" end>
            Notebooks
          </NavLink>
          <NavLink to="/settings">Settings</NavLink>
        </nav>
      }
      tools={
        <>
          <button
            type="button"
            className="search-button"
            onClick={() => setPalette(true)}
            aria-keyshortcuts="Control+K Meta+K"
          >
            <svg viewBox="0 0 20 20" aria-hidden="true">
              <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path
                d="m13 13 4.5 4.5"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            <span className="search-button__label">Search</span>
            <kbd className="search-button__keys">{describeKeys('mod+k')}</kbd>
          </button>
          <NotificationsBell />
          <button
            type="button"
            className="icon-button"
            onClick={() => setSheet(true)}
            aria-keyshortcuts="?"
          >
            <span aria-hidden="true">?</span>
            <span className="visually-hidden">Keyboard shortcuts</span>
          </button>
        </>
      }
      actions={
        <Button
          variant="secondary"
          pending={submit.pending}
          onClick={() => void submit.run(() => signOut('local'))}
        >
          Sign out
        </Button>
      }
    >
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      {user.invited_at ? (
        <Suspense fallback={null}>
          <NewcomerWelcome />
        </Suspense>
      ) : null}
      {palette ? (
        <Suspense fallback={null}>
          <CommandPalette onClose={() => setPalette(false)} commands={commands} />
        </Suspense>
      ) : null}
      {sheet ? <ShortcutsSheet onClose={() => setSheet(false)} /> : null}
    </AppLayout>
  );
}
