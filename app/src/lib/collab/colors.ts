// A person's colour in shared notes (their cursor, selection and avatar ring), the same on every
// screen. Each person has a preferred colour from a fixed palette (a hash of the user id:
// colorFor); among the people present together, assignColors gives each a different one — the
// same answer on every screen, since every screen sees the same people. Each colour has 4.5:1
// contrast with white text (name labels) and a light tint for selections.

export interface PersonColor {
  color: string;
  light: string;
}

const PALETTE: PersonColor[] = [
  { color: '#b3261e', light: '#b3261e33' },
  { color: '#8e24aa', light: '#8e24aa33' },
  { color: '#3949ab', light: '#3949ab33' },
  { color: '#00796b', light: '#00796b33' },
  { color: '#2e7d32', light: '#2e7d3233' },
  { color: '#a04000', light: '#a0400033' },
  { color: '#5d4037', light: '#5d403733' },
  { color: '#0b57d0', light: '#0b57d033' },
  { color: '#ad1457', light: '#ad145733' },
  { color: '#455a64', light: '#455a6433' },
];

function preferred(userId: string): number {
  let hash = 0;
  for (let i = 0; i < userId.length; i += 1) hash = (hash * 31 + userId.charCodeAt(i)) >>> 0;
  return hash % PALETTE.length;
}

/** A person's preferred colour: theirs when nobody present has it (see assignColors). */
export function colorFor(userId: string): PersonColor {
  return PALETTE[preferred(userId)]!;
}

/**
 * Distinct colours for the people present together: in the order of their ids, each takes their
 * preferred colour if it is still free, else the next free one round the palette. Only more
 * people than colours (10) share one. Someone present keeps their colour while others come
 * and go, unless a newcomer earlier in that order prefers it.
 */
export function assignColors(userIds: Iterable<string>): Map<string, PersonColor> {
  const ids = [...new Set(userIds)].sort();
  const taken = new Set<number>();
  const colors = new Map<string, PersonColor>();
  for (const id of ids) {
    if (taken.size === PALETTE.length) taken.clear();
    let at = preferred(id);
    while (taken.has(at)) at = (at + 1) % PALETTE.length;
    taken.add(at);
    colors.set(id, PALETTE[at]!);
  }
  return colors;
}

export const PERSON_COLORS: readonly PersonColor[] = PALETTE;
