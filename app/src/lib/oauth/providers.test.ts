import { describe, expect, it } from 'vitest';
import { enabledProviders, providerName } from './providers.ts';

describe('enabledProviders', () => {
  it('keeps the providers Auth turns on, in the app’s order', () => {
    const settings = {
      external: { google: true, github: true, email: true, phone: false, gitlab: false },
    };
    expect(enabledProviders(settings)).toEqual(['github', 'google']);
  });

  it('leaves out a provider the app cannot name, and email, phone and anonymous sign-ins', () => {
    const settings = { external: { keycloak: true, email: true, anonymous_users: true } };
    expect(enabledProviders(settings)).toEqual([]);
  });

  it('answers none for a body that is not Auth’s settings', () => {
    expect(enabledProviders(null)).toEqual([]);
    expect(enabledProviders({ external: 'yes' })).toEqual([]);
    expect(enabledProviders('<html>')).toEqual([]);
  });
});

describe('providerName', () => {
  it('names known providers and falls back to the code', () => {
    expect(providerName('github')).toBe('GitHub');
    expect(providerName('azure')).toBe('Microsoft');
    expect(providerName('keycloak')).toBe('keycloak');
  });
});
