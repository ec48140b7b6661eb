// The modules each page's route loads (as app/src/app/router.tsx's `lazy` functions import
// them), by path pattern, for route-preload.ts. A module missing from the build fails the build.
// signedIn: the page needs a session (its routes sit under the protected guard).

export interface RouteModules {
  path: string;
  signedIn: boolean;
  modules: string[];
}

const SIGNED_IN = ['src/lib/data-client.ts', 'src/app/signed-in-layout.tsx'];
const WORKSPACE = [
  ...SIGNED_IN,
  'src/notebooks/notebooks-sidebar.tsx',
  'src/app/workspace-layout.tsx',
];
// The REST client first: a notebook's requests wait only for it (links load in list order).
const NOTEBOOK = [
  'src/lib/rest-client.ts',
  ...WORKSPACE,
  'src/notes/notebook-layout.tsx',
  'src/sharing/sharing-panel.tsx',
];

export const ROUTE_MODULES: RouteModules[] = [
  {
    path: '^/$',
    signedIn: true,
    modules: [
      ...WORKSPACE,
      'src/notebooks/notebooks-page.tsx',
      'src/notes/recent-notes.tsx',
      'src/account/home-page.tsx',
    ],
  },
  {
    path: '^/n/[^/]+/?$',
    signedIn: true,
    modules: [...NOTEBOOK, 'src/notes/no-note-selected.tsx'],
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
  },
  { path: '^/trash/?$', signedIn: true, modules: [...WORKSPACE, 'src/notes/trash-page.tsx'] },
  {
    path: '^/transfer/?$',
    signedIn: true,
    modules: [...SIGNED_IN, 'src/transfer/transfer-page.tsx'],
  },
  {
    path: '^/settings(/.*)?$',
    signedIn: true,
    modules: [...SIGNED_IN, 'src/account/settings-layout.tsx'],
  },
  { path: '^/sign-in/?$', signedIn: false, modules: ['src/auth/sign-in-page.tsx'] },
  { path: '^/sign-up/?$', signedIn: false, modules: ['src/auth/sign-up-page.tsx'] },
];
