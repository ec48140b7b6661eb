import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { hasSessionCookie, PROTECTED_ROUTE_ID, signedOutStart } from './signed-out-start.ts';

const KEY = 'sb-127-auth-token';
const page = () => null;

// The router's shape: guest pages, the protected guard's layouts with an index page, nested
// notebook routes and settings, a published note for anyone, and a catch-all.
const routes: RouteObject[] = [
  {
    Component: page,
    children: [
      { Component: page, children: [{ path: 'sign-in', Component: page }] },
      { path: 'auth/callback', Component: page },
      {
        id: PROTECTED_ROUTE_ID,
        Component: page,
        children: [
          {
            Component: page,
            children: [
              {
                Component: page,
                children: [
                  { index: true, Component: page },
                  { path: 'n/:notebookId', children: [{ path: ':noteId', Component: page }] },
                ],
              },
              { path: 'settings', children: [{ path: 'profile', Component: page }] },
            ],
          },
        ],
      },
      { path: 'p/:token', Component: page },
      { path: '*', Component: page },
    ],
  },
];

const at = (url: string) => {
  const { pathname, search, hash } = new URL(url, 'http://app.test');
  return { pathname, search, hash };
};

describe('a visitor without a session', () => {
  it('starts at sign-in on any page that needs a session, the home page first', () => {
    for (const url of ['/', '/n/abc', '/n/abc/def?x=1', '/settings/profile'])
      expect(signedOutStart(routes, at(url), '', KEY), url).toBe('/sign-in');
  });

  it('starts where they are on a page for anyone (guest pages, a published note, not found)', () => {
    for (const url of ['/sign-in', '/auth/callback?code=1', '/p/tok', '/nowhere', '/settingsx'])
      expect(signedOutStart(routes, at(url), '', KEY), url).toBeNull();
  });

  it('is left to auth-js when the address carries an auth redirect’s answer', () => {
    for (const url of ['/?code=abc', '/?error=access_denied', '/#access_token=t&type=magiclink'])
      expect(signedOutStart(routes, at(url), '', KEY), url).toBeNull();
  });

  it('counts only this project’s session cookie, whole or chunked', () => {
    expect(signedOutStart(routes, at('/'), 'other=1; sb-other-auth-token=x', KEY)).toBe('/sign-in');
    expect(signedOutStart(routes, at('/'), `${KEY}-code-verifier=v`, KEY)).toBe('/sign-in');
    expect(signedOutStart(routes, at('/'), `a=1; ${KEY}=base64-e30`, KEY)).toBeNull();
    expect(signedOutStart(routes, at('/'), `${KEY}.0=base64-e3; ${KEY}.1=0`, KEY)).toBeNull();
  });
});

describe('hasSessionCookie', () => {
  it('needs the exact name with a value', () => {
    expect(hasSessionCookie('', KEY)).toBe(false);
    expect(hasSessionCookie(`x${KEY}=1`, KEY)).toBe(false);
    expect(hasSessionCookie(`${KEY}.1=1`, KEY)).toBe(false);
    expect(hasSessionCookie(`a=b;${KEY}=1`, KEY)).toBe(true);
  });
});
