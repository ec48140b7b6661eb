// Who else is in a notebook, in words: "Only you", "With Ana", "With Ana and Ben", "With Ana,
// Ben and 3 others".
import type { Member } from './data/types.ts';
import { countOf } from '../lib/text/count.ts';

export function describePeople(members: Member[], userId: string): string {
  const others = members.filter((m) => m.user_id !== userId).map((m) => m.name);
  if (others.length === 0) return 'Only you';
  if (others.length === 1) return `With ${others[0]}`;
  if (others.length === 2) return `With ${others[0]} and ${others[1]}`;
  const rest = others.length - 2;
  return `With ${others[0]}, ${others[1]} and ${countOf(rest, 'other')}`;
}
