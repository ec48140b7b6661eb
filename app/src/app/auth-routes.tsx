// The signed-out pages (guest-only: a signed-in person is sent on) and the pages a link from an
// email or a second factor lands on. Every page is lazy-loaded.
import type { RouteObject } from 'react-router';
import { GuestGuard } from './guards.tsx';

export const authRoutes: RouteObject[] = [
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
];
