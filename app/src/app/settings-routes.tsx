// "/settings": profile, security (sessions, devices, MFA) and data, in the account feature.
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

export function settingsRoute(index: ReactNode): RouteObject {
  return {
    path: 'settings',
    lazy: async () => ({
      Component: (await import('../account/settings-layout.tsx')).SettingsLayout,
    }),
    children: [
      { index: true, element: index },
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
  };
}
