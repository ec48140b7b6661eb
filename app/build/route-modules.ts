// The modules each page loads first (its route's `lazy` imports in app/src/app/router.tsx, then
// what loads beside the page), by path pattern, for route-preload.ts. A module missing from the
// build fails the build.
// signedIn: the page needs a session (its routes sit under the protected guard). Opened without
// one, such a page is the sign-in page: the app sends the visitor there before its router starts
// (src/app/signed-out-start.ts), so those are the chunks to load (the last row).

export interface RouteModules {
  path: string;
  signedIn: boolean;
  /** What the page renders with (its chunks are preloaded first, at high priority). */
  modules: string[];
  /** What loads beside the page and holds none of it up (preloaded after, at low priority). */
  beside?: string[];
}

// A signed-in page's frame; the sidebar and the data client (supabase-js) load beside the page
// and hold none of it up.
const SIGNED_IN = ['src/app/signed-in-layout.tsx'];
const SIGN_IN_PAGE = 'src/auth/sign-in-page.tsx';
const WORKSPACE = [...SIGNED_IN, 'src/app/workspace-layout.tsx'];
export const SIDEBAR = 'src/notebooks/notebooks-sidebar.tsx';
export const DATA_CLIENT = 'src/lib/data-client.ts';
const BESIDE = [SIDEBAR, DATA_CLIENT];
// The REST client first: a notebook's requests and its list wait only for it.
const NOTEBOOK = ['src/lib/rest-client.ts', ...WORKSPACE, 'src/notes/notebook-layout.tsx'];
/** A notebook's page with no note open (the chunk groups are planned from it too). */
export const NOTEBOOK_PAGE = [...NOTEBOOK, 'src/notes/no-note-selected.tsx'];

const PAGES: RouteModules[] = [
  {
    path: '^/$',
    signedIn: true,
    modules: [
      ...WORKSPACE,
      'src/notebooks/notebooks-page.tsx',
      'src/notes/recent-notes.tsx',
      'src/account/home-page.tsx',
    ],
    beside: BESIDE,
  },
  {
    path: '^/n/[^/]+/?$',
    signedIn: true,
    modules: NOTEBOOK_PAGE,
    beside: BESIDE,
  },
  {
    path: '^/n/[^/]+/[^/]+/?$',
    signedIn: true,
    modules: [
      ...NOTEBOOK,
      'src/notes/note-page.tsx',
      'src/attachments/attachments-panel.tsx',
      'src/attachments/use-note-images.ts',
    ],
    beside: BESIDE,
  },
  {
    path: '^/trash/?$',
    signedIn: true,
    modules: [...WORKSPACE, 'src/notes/trash-page.tsx'],
    beside: BESIDE,
  },
  {
    path: '^/transfer/?$',
    signedIn: true,
    modules: [...SIGNED_IN, 'src/transfer/transfer-page.tsx', DATA_CLIENT],
  },
  {
    path: '^/settings(/.*)?$',
    signedIn: true,
    modules: [...SIGNED_IN, 'src/account/settings-layout.tsx', DATA_CLIENT],
  },
  // A published note: for anyone, signed in or not.
  ...[true, false].map((signedIn) => ({
    path: '^/p/[A-Za-z0-9_-]+/?$',
    signedIn,
    modules: ['src/notes/publish/public-note-page.tsx', 'src/notes/markdown/markdown.tsx'],
  })),
  { path: '^/sign-in/?$', signedIn: false, modules: [SIGN_IN_PAGE] },
  { path: '^/sign-up/?$', signedIn: false, modules: ['src/auth/sign-up-page.tsx'] },
];

/** The pages that need a session (for anyone else they are another page). */
const signedInOnly = PAGES.filter(
  (p) => p.signedIn && !PAGES.some((q) => !q.signedIn && q.path === p.path),
).map((p) => `(?:${p.path})`);

export const ROUTE_MODULES: RouteModules[] = [
  ...PAGES,
  { path: signedInOnly.join('|'), signedIn: false, modules: [SIGN_IN_PAGE] },
];
