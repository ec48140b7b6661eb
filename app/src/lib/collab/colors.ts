// A person's colour in shared notes (their cursor, selection and avatar ring), the same on every
// screen: picked from a fixed palette by a hash of the user id. Each colour has 4.5:1 contrast
// with white text (name labels) and a light tint for selections.

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

export function colorFor(userId: string): PersonColor {
  let hash = 0;
  for (let i = 0; i < userId.length; i += 1) hash = (hash * 31 + userId.charCodeAt(i)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

export const PERSON_COLORS: readonly PersonColor[] = PALETTE;
