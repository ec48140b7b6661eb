// The route table: every page is lazy-loaded; guards decide who may see what (a published note's
// page, /p/:token, is for anyone). The workspace
// routes (home, a notebook and its notes, the trash) share the notebooks sidebar; a notebook's
// note opens beside its list (a nested route, so the list stays). Opening a notebook starts its
// data requests from the route loader, while the page's code is still loading (or uses the
// ones index.html started: lib/early-requests.ts). A visitor without a session who opens a
// signed-in page is sent to sign in before the router starts (signed-out-start.ts): the router
// would load the page's lazy modules before the guard could send them away.
import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import {
  createBrowserRouter,
  Navigate,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { storageKeyFor } from '../lib/client-config.ts';
import { earlyUserId } from '../lib/early-requests.ts';
import type { SupabaseHandle } from '../lib/supabase.ts';
import { prefetchNotebook } from '../notes/data/prefetch.ts';
import { PageLoading } from '../ui/page-loading.tsx';
import { ProtectedGuard } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { authRoutes } from './auth-routes.tsx';
import { settingsRoute } from './settings-routes.tsx';
import { PROTECTED_ROUTE_ID, startSignedOut } from './signed-out-start.ts';

const NotebooksSidebar = lazy(() =>
  import('../notebooks/notebooks-sidebar.tsx').then((m) => ({ default: m.NotebooksSidebar })),
);
const SharingPanel = lazy(() =>
  import('../sharing/sharing-panel.tsx').then((m) => ({ default: m.SharingPanel })),
);
const TrashedNotebookNotice = lazy(() =>
  import('../notebooks/trashed-notebook-notice.tsx').then((m) => ({
    default: m.TrashedNotebookNotice,
  })),
);

/** How long a page's first load waits for the data index.html started, at most. */
const EARLY_WAIT_MS = 150;

interface RouterDeps {
  queryClient: QueryClient;
  supabase: SupabaseHandle;
}

export function createAppRouter({ queryClient, supabase }: RouterDeps) {
  /** In parallel with the page's code, and part of the entry chunk so the requests leave as the
   * router starts; the page reads the same cache. The page does not wait for it — except when
   * index.html already started these requests (the page's first load): then their responses are
   * all but there, and a short wait lets the page render complete in one pass. */
  function prefetch({ request, params }: LoaderFunctionArgs) {
    const early = earlyUserId() !== null;
    const done = prefetchNotebook(queryClient, supabase, new URL(request.url), params).catch(
      () => undefined,
    );
    if (!early) return null;
    return Promise.race([done, new Promise((resolve) => setTimeout(resolve, EARLY_WAIT_MS))]).then(
      () => null,
    );
  }

  const routes: RouteObject[] = [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoading,
      children: [
        ...authRoutes,
        {
          id: PROTECTED_ROUTE_ID,
          Component: ProtectedGuard,
          children: [
            {
              // The signed-in frame loads with the first signed-in page, never with sign-in. The
              // data client (supabase-js, preloaded from index.html) loads when a page first needs
              // it: to render (useSupabase, under the frame) or once it has rendered (a notebook's
              // presence and live lists), so it never holds up a notebook's list (useRest).
              lazy: async () => {
                const { SignedInLayout } = await import('./signed-in-layout.tsx');
                return { Component: SignedInLayout };
              },
              children: [
                {
                  // The sidebar loads beside the page and never holds it up.
                  lazy: async () => {
                    const { WorkspaceLayout } = await import('./workspace-layout.tsx');
                    return {
                      Component: () => <WorkspaceLayout sidebar={<NotebooksSidebar />} />,
                    };
                  },
                  children: [
                    {
                      // Home: a greeting, recent notes, every notebook and the account (features composed here).
                      index: true,
                      lazy: async () => {
                        const [
                          { NotebooksPage },
                          { RecentNotes },
                          { HomeGreeting, AccountSummary },
                        ] = await Promise.all([
                          import('../notebooks/notebooks-page.tsx'),
                          import('../notes/recent-notes.tsx'),
                          import('../account/home-page.tsx'),
                        ]);
                        return {
                          Component: () => (
                            <NotebooksPage
                              intro={<HomeGreeting />}
                              recent={<RecentNotes />}
                              account={<AccountSummary />}
                            />
                          ),
                        };
                      },
                    },
                    {
                      path: 'n/:notebookId',
                      loader: prefetch,
                      shouldRevalidate: ({ currentParams, nextParams }) =>
                        currentParams.notebookId !== nextParams.notebookId,
                      // Sharing loads when its dialog opens (or the list is idle), not with the list.
                      lazy: async () => {
                        const { NotebookLayout } = await import('../notes/notebook-layout.tsx');
                        return {
                          Component: () => (
                            <NotebookLayout
                              sharing={(props) => <SharingPanel {...props} />}
                              missing={(props) => <TrashedNotebookNotice {...props} />}
                            />
                          ),
                        };
                      },
                      children: [
                        {
                          index: true,
                          lazy: async () => ({
                            Component: (await import('../notes/no-note-selected.tsx'))
                              .NoNoteSelected,
                          }),
                        },
                        {
                          path: ':noteId',
                          lazy: async () => {
                            const [
                              { NotePage },
                              { AttachmentsPanel },
                              { useNoteImages },
                              { CommentsPanel },
                            ] = await Promise.all([
                              import('../notes/note-page.tsx'),
                              import('../attachments/attachments-panel.tsx'),
                              import('../attachments/use-note-images.ts'),
                              import('../comments/comments-panel.tsx'),
                            ]);
                            return {
                              Component: function NoteRoute() {
                                const images = useNoteImages();
                                return (
                                  <NotePage
                                    images={images}
                                    attachments={(props) => <AttachmentsPanel {...props} />}
                                    comments={(props) => <CommentsPanel {...props} />}
                                  />
                                );
                              },
                            };
                          },
                        },
                      ],
                    },
                    {
                      path: 'trash',
                      lazy: async () => {
                        const [{ TrashPage }, { TrashedNotebooks }] = await Promise.all([
                          import('../notes/trash-page.tsx'),
                          import('../notebooks/trashed-notebooks.tsx'),
                        ]);
                        return {
                          Component: () => <TrashPage notebooks={<TrashedNotebooks />} />,
                        };
                      },
                    },
                  ],
                },
                {
                  path: 'transfer',
                  lazy: async () => ({
                    Component: (await import('../transfer/transfer-page.tsx')).TransferPage,
                  }),
                },
                settingsRoute(<Navigate to="/settings/profile" replace />),
              ],
            },
          ],
        },
        {
          // A published note: anyone with the link, signed in or not (no guard).
          path: 'p/:token',
          lazy: async () => ({
            Component: (await import('../notes/publish/public-note-page.tsx')).PublicNotePage,
          }),
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
  startSignedOut(routes, storageKeyFor(supabase.env.supabaseUrl));
  return createBrowserRouter(routes);
}
