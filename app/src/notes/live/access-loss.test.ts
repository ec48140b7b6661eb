import { describe, expect, it } from 'vitest';
import type { MembershipChange } from '../../lib/collab/notebook-channel.ts';
import { closedSentence, lossOf } from './access-loss.ts';

const change = (patch: Partial<MembershipChange>): MembershipChange => ({
  notebook_id: 'nb',
  user_id: 'me',
  role: 'editor',
  previous_role: 'editor',
  reason: null,
  ...patch,
});

describe('losing access to an open notebook', () => {
  it('closes it when the membership ends, saying why', () => {
    expect(lossOf(change({ role: null, reason: 'removed' }), null)).toEqual({
      kind: 'closed',
      reason: 'removed',
    });
    expect(lossOf(change({ role: null, reason: 'notebook_deleted' }), null)).toEqual({
      kind: 'closed',
      reason: 'notebook_deleted',
    });
    expect(closedSentence('removed', 'Garden')).toBe(
      'You were removed from “Garden”, so this notebook and its notes are closed.',
    );
  });

  it('turns the note read-only when the role drops to viewer, and editable when raised again', () => {
    const lowered = lossOf(change({ role: 'viewer', previous_role: 'editor' }), null);
    expect(lowered).toEqual({ kind: 'read-only' });
    expect(lossOf(change({ role: 'editor', previous_role: 'viewer' }), lowered)).toBeNull();
  });

  it('changes nothing when someone is added as a viewer', () => {
    expect(lossOf(change({ role: 'viewer', previous_role: null }), null)).toBeNull();
  });

  it('closes it when the owner moves it to the trash, and opens it again when restored', () => {
    const closed = lossOf(
      change({ role: null, previous_role: 'viewer', reason: 'notebook_trashed' }),
      null,
    );
    expect(closed).toEqual({ kind: 'closed', reason: 'notebook_trashed' });
    expect(closedSentence('notebook_trashed', 'Garden')).toBe(
      '“Garden” was moved to the trash by its owner, so it is closed. It opens again if they restore it.',
    );
    // A viewer restored is a viewer again, not left closed.
    expect(
      lossOf(change({ role: 'viewer', previous_role: null, reason: 'notebook_restored' }), closed),
    ).toBeNull();
  });

  it('turns the note read-only, with its own sentence, when the role drops to commenter', () => {
    expect(lossOf(change({ role: 'commenter', previous_role: 'editor' }), null)).toEqual({
      kind: 'read-only',
      role: 'commenter',
    });
    expect(
      lossOf(change({ role: 'editor', previous_role: 'commenter' }), { kind: 'read-only' }),
    ).toBe(null);
  });
});
