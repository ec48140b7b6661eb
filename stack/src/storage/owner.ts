// Who owns what Storage writes: the caller's `sub` claim, stored as owner_id (and as owner when
// it is a UUID, see store/run.ts).
import type { Caller } from './store/store.ts';

export function ownerOf(caller: Caller): string | undefined {
  const sub = caller.claims.sub;
  return typeof sub === 'string' && sub ? sub : undefined;
}
