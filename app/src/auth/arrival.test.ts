import { describe, expect, it } from 'vitest';
import { arrivalPath, confirmedBySignIn, invitationOf, isNewcomer } from './arrival.ts';

const NOTEBOOK = '8ead393d-2c73-4904-93e8-ce6913c9ec43';
const invited = (meta: Record<string, unknown> = {}) => ({
  invited_at: '2026-11-27T06:00:00Z',
  user_metadata: { invited_to_notebook: NOTEBOOK, notebook_name: ' Field notes ', ...meta },
});

describe('a newcomer', () => {
  it('is someone invited who has not been welcomed', () => {
    expect(isNewcomer(invited())).toBe(true);
    expect(isNewcomer(invited({ welcomed_at: '2026-11-27T07:00:00Z' }))).toBe(false);
    expect(isNewcomer({ invited_at: undefined, user_metadata: {} })).toBe(false);
  });

  it('arrives in the notebook shared with them, and nobody else is sent anywhere', () => {
    expect(arrivalPath(invited())).toBe(`/n/${NOTEBOOK}`);
    expect(arrivalPath(invited({ welcomed_at: 'yes' }))).toBeNull();
    expect(arrivalPath(invited({ invited_to_notebook: '../settings' }))).toBeNull();
    expect(
      arrivalPath({ invited_at: undefined, user_metadata: invited().user_metadata }),
    ).toBeNull();
    expect(arrivalPath(null)).toBeNull();
  });

  it('reads who shared which notebook from the invitation', () => {
    expect(invitationOf(invited({ shared_by: 'Maya' }))).toEqual({
      notebookId: NOTEBOOK,
      notebookName: 'Field notes',
      sharedBy: 'Maya',
    });
  });
});

describe('confirmedBySignIn', () => {
  it('tells a code that confirmed the address from a sign-in to an account confirmed before', () => {
    const at = '2026-11-27T06:00:00.000Z';
    expect(
      confirmedBySignIn({ email_confirmed_at: at, last_sign_in_at: '2026-11-27T06:00:00.004Z' }),
    ).toBe(true);
    expect(
      confirmedBySignIn({ email_confirmed_at: at, last_sign_in_at: '2026-11-27T06:02:00Z' }),
    ).toBe(false);
    expect(confirmedBySignIn({ email_confirmed_at: undefined, last_sign_in_at: at })).toBe(false);
  });
});
