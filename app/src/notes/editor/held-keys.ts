// Keys typed into a field that is read-only only for a moment (a note whose device copy is
// opening): held in order, then typed in at the caret once the field can take them. A
// Backspace takes back a held character, or, past them, one before the caret.
export interface HeldKeys {
  deletes: number;
  text: string;
}

export const noHeldKeys = (): HeldKeys => ({ deletes: 0, text: '' });

export const hasHeldKeys = (keys: HeldKeys): boolean => keys.deletes > 0 || keys.text !== '';

/** Holds `key` (a KeyboardEvent's) if it types; false for any other key. */
export function holdKey(keys: HeldKeys, key: string, { enter }: { enter: boolean }): boolean {
  if (key === 'Backspace') {
    if (keys.text) keys.text = keys.text.slice(0, -1);
    else keys.deletes += 1;
  } else if (enter && key === 'Enter') keys.text += '\n';
  else if ([...key].length === 1) keys.text += key;
  else return false;
  return true;
}
