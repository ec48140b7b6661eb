// The route table: every page is lazy-loaded; guards decide who may see what.
import { createBrowserRouter, Navigate } from 'react-router';
import { GuestGuard, ProtectedGuard } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { SignedInLayout } from './signed-in-layout.tsx';
import { PageLoading } from '../ui/page-loading.tsx';

export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoading,
      children: [
        {
          Component: GuestGuard,
          children: [
            {
              path: 'sign-in',
              lazy: async () => ({
                Component: (await import('../auth/sign-in-page.tsx')).SignInPage,
              }),
            },
            {
              path: 'sign-up',
              lazy: async () => ({
                Component: (await import('../auth/sign-up-page.tsx')).SignUpPage,
              }),
            },
            {
              path: 'sign-in/code',
              lazy: async () => ({
                Component: (await import('../auth/sign-in-code-page.tsx')).SignInCodePage,
              }),
            },
            {
              path: 'forgot-password',
              lazy: async () => ({
                Component: (await import('../auth/forgot-password-page.tsx')).ForgotPasswordPage,
              }),
            },
            {
              path: 'verify',
              lazy: async () => ({
                Component: (await import('../auth/verify-page.tsx')).VerifyPage,
              }),
            },
          ],
        },
        {
          path: 'auth/callback',
          lazy: async () => ({
            Component: (await import('../auth/auth-callback-page.tsx')).AuthCallbackPage,
          }),
        },
        {
          path: 'signed-out',
          lazy: async () => ({
            Component: (await import('../auth/signed-out-page.tsx')).SignedOutPage,
          }),
        },
        {
          path: 'reset-password',
          lazy: async () => ({
            Component: (await import('../auth/reset-password-page.tsx')).ResetPasswordPage,
          }),
        },
        {
          path: 'mfa',
          lazy: async () => ({
            Component: (await import('../auth/mfa-page.tsx')).MfaPage,
          }),
        },
        {
          Component: ProtectedGuard,
          children: [
            {
              Component: SignedInLayout,
              children: [
                {
                  // A greeting, notebooks and search, then the account summary (features composed here).
                  index: true,
                  lazy: async () => {
                    const [{ NotebooksPage }, { NoteSearch }, { HomeGreeting, AccountSummary }] =
                      await Promise.all([
                        import('../notebooks/notebooks-page.tsx'),
                        import('../notes/note-search.tsx'),
                        import('../account/home-page.tsx'),
                      ]);
                    return {
                      Component: () => (
                        <>
                          <NotebooksPage intro={<HomeGreeting />} search={<NoteSearch />} />
                          <AccountSummary />
                        </>
                      ),
                    };
                  },
                },
                {
                  path: 'n/:notebookId',
                  lazy: async () => {
                    const [{ NotebookPage }, { SharingPanel }] = await Promise.all([
                      import('../notes/notebook-page.tsx'),
                      import('../sharing/sharing-panel.tsx'),
                    ]);
                    return {
                      Component: () => (
                        <NotebookPage sharing={(props) => <SharingPanel {...props} />} />
                      ),
                    };
                  },
                },
                {
                  path: 'n/:notebookId/:noteId',
                  lazy: async () => {
                    const [{ NotePage }, { AttachmentsPanel }] = await Promise.all([
                      import('../notes/note-page.tsx'),
                      import('../attachments/attachments-panel.tsx'),
                    ]);
                    return {
                      Component: () => (
                        <NotePage attachments={(props) => <AttachmentsPanel {...props} />} />
                      ),
                    };
                  },
                },
                {
                  path: 'transfer',
                  lazy: async () => ({
                    Component: (await import('../transfer/transfer-page.tsx')).TransferPage,
                  }),
                },
                {
                  path: 'settings',
                  lazy: async () => ({
                    Component: (await import('../account/settings-layout.tsx')).SettingsLayout,
                  }),
                  children: [
                    { index: true, Component: () => <Navigate to="/settings/profile" replace /> },
                    {
                      path: 'profile',
                      lazy: async () => ({
                        Component: (await import('../account/profile-page.tsx')).ProfilePage,
                      }),
                    },
                    {
                      path: 'security',
                      lazy: async () => ({
                        Component: (await import('../account/security-page.tsx')).SecurityPage,
                      }),
                    },
                    {
                      path: 'data',
                      lazy: async () => ({
                        Component: (await import('../account/data-page.tsx')).DataPage,
                      }),
                    },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ]);
}
