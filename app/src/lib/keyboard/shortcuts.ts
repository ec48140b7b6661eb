// Keyboard shortcuts: one window listener per binding set, a key notation ("mod+k", "shift+?",
// "j") where `mod` is ⌘ on Apple devices and Ctrl elsewhere, and single-key shortcuts that never
// fire while the person is typing in a field or the editor.
import { useEffect, useLayoutEffect, useRef } from 'react';

export interface Shortcut {
  /** e.g. "mod+k", "j", "?", "mod+alt+n", "delete". */
  keys: string;
  run(event: KeyboardEvent): void;
  /** Also while focus is in a text field or the editor (for chords with mod/alt). */
  inFields?: boolean;
  /** Off while false (a shortcut for something not on screen). */
  enabled?: boolean;
}

export const isApple =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform);

/**
 * True when the key event happens while typing text (inputs, text areas, editors) — read-only
 * ones too: keys typed into a text someone cannot change are still text, never commands.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('.cm-editor, [role="textbox"]')) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file'].includes(target.type);
  return false;
}

/** Whether the event is the shortcut written as `keys`. */
export function matches(keys: string, event: KeyboardEvent, apple = isApple): boolean {
  const parts = keys.toLowerCase().split('+');
  const key = parts.pop()!;
  const mod = parts.includes('mod');
  const wantCtrl = parts.includes('ctrl') || (mod && !apple);
  const wantMeta = parts.includes('meta') || (mod && apple);
  const wantAlt = parts.includes('alt');
  if (event.ctrlKey !== wantCtrl || event.metaKey !== wantMeta || event.altKey !== wantAlt)
    return false;
  // Shift is implied by symbols such as "?" and "#"; it is only checked when written out.
  if (parts.includes('shift') && !event.shiftKey) return false;
  const pressed = event.key.toLowerCase();
  if (pressed === key) return true;
  // With alt held, macOS reports a composed character: fall back to the physical key.
  return wantAlt && /^[a-z]$/.test(key) && event.code === `Key${key.toUpperCase()}`;
}

/** How a shortcut is written for people: "⌘K" / "Ctrl+K". */
export function describeKeys(keys: string, apple = isApple): string {
  const names: Record<string, string> = apple
    ? { mod: '⌘', alt: '⌥', shift: '⇧', ctrl: '⌃' }
    : { mod: 'Ctrl', alt: 'Alt', shift: 'Shift', ctrl: 'Ctrl' };
  const labels: Record<string, string> = {
    arrowdown: '↓',
    arrowup: '↑',
    escape: 'Esc',
    delete: 'Delete',
    enter: 'Enter',
  };
  const parts = keys.split('+').map((part) => {
    const lower = part.toLowerCase();
    return names[lower] ?? labels[lower] ?? (part.length === 1 ? part.toUpperCase() : part);
  });
  return apple ? parts.join('') : parts.join('+');
}

/** Listens for the shortcuts while the component is mounted (latest handlers always used). */
export function useShortcuts(shortcuts: Shortcut[]): void {
  const latest = useRef(shortcuts);
  // Layout effect: the handlers are current before the next key press is handled.
  useLayoutEffect(() => {
    latest.current = shortcuts;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const typing = isTypingTarget(event.target);
      for (const shortcut of latest.current) {
        if (shortcut.enabled === false) continue;
        if (typing && !shortcut.inFields) continue;
        if (!matches(shortcut.keys, event)) continue;
        event.preventDefault();
        shortcut.run(event);
        return;
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
