// The note's title: a plain text field, bound to the note's shared title once its shared copy is
// open (`shared`), so two people editing it at once both keep their words. Before that (a new
// note not stored yet, a shared copy still opening) it reports edits with `onChange`, and a
// `value` that is only the echo of one of them is not written back (renders lag fast typing);
// once bound, the shared title is the only place the title lives.
// When the binding attaches, `adopt` takes what was typed — in the same task as the binding, so
// no key falls between — the caret is mapped from the title shown to the shared one (which may
// be newer), keys typed while it was `opening` (read-only a moment) go in at it, and from then
// on the field shows others' edits as they come, keeping this person's caret (text-delta.ts);
// Ctrl/⌘+Z undoes this person's own title edits.
// Enter moves on to the body (`onEnter`). A new note's field takes the keys typed before it
// appeared (lib/keyboard/type-ahead.ts) and takes focus.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { takeTypedLine } from '../lib/keyboard/type-ahead.ts';
import { TITLE_MAX } from '../lib/text/note-limits.ts';
import { applyDelta } from './editor/text-delta.ts';
import { hasHeldKeys, holdKey, noHeldKeys } from './editor/held-keys.ts';
import { mapPosition, textChange } from './editor/text-diff.ts';
import type { SharedTitle } from './live/collab-session.ts';

interface Props {
  value: string;
  onChange(title: string): void;
  shared: SharedTitle | null;
  /** Takes what the field held when `shared` attached. */
  adopt?(typed: string): void;
  /** A new note's page path: the field takes the keys typed for it, and focus. */
  takeTypedFor?: string;
  /** Enter pressed; `typed` is what was typed ahead for the body (after an Enter), if anything. */
  onEnter?(typed?: string): void;
  readOnly?: boolean;
  /** Read-only only until `shared` binds: keys typed meanwhile are typed in at the caret then. */
  opening?: boolean;
  describedBy?: string;
  invalid?: boolean;
}

const ECHOES = 64;

export function TitleField(props: Props) {
  const { value, shared, takeTypedFor, readOnly = false, describedBy, invalid } = props;
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(props);
  const echoes = useRef<string[]>([]);
  /** Keys typed while `opening`: Backspaces past what was typed, then the text. */
  const held = useRef(noHeldKeys());
  /** The `value` last seen: only a new one can be an outside change. */
  const seen = useRef(value);
  // The DOM's own default, once: a changing default would rewrite a field nobody typed in.
  const [initial] = useState(value);
  useLayoutEffect(() => {
    latest.current = props;
  });

  // Keys typed before the field appeared are its first text (layout effect: before any key
  // can reach the focused field).
  useLayoutEffect(() => {
    const el = input.current;
    if (!el || !takeTypedFor) return;
    const { line, more } = takeTypedLine(takeTypedFor);
    if (line) {
      el.value += line;
      report(el.value);
    }
    if (more) latest.current.onEnter?.();
    else {
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    }
    // Only when the field first appears for that page.
  }, [takeTypedFor]);

  // Before the binding: outside values (a discarded draft, someone else's saved title).
  useEffect(() => {
    const el = input.current;
    if (!el || shared || value === seen.current) return;
    seen.current = value;
    const echo = echoes.current.indexOf(value);
    if (echo >= 0) echoes.current.splice(0, echo + 1);
    else if (el.value !== value) el.value = value;
  }, [value, shared]);

  // The binding: adopt what was typed (only what was typed here, never another note's shared
  // title), then follow the shared title.
  const boundBefore = useRef(false);
  useLayoutEffect(() => {
    const el = input.current;
    if (!el || !shared) return;
    if (!boundBefore.current) latest.current.adopt?.(el.value);
    boundBefore.current = true;
    const now = shared.text();
    if (el.value !== now) {
      // The caret stays where the person put it in the title shown before (maybe an older one).
      const change = textChange(el.value, now);
      const start = mapPosition(change, el.selectionStart ?? el.value.length);
      const end = mapPosition(change, el.selectionEnd ?? el.value.length);
      el.value = now;
      if (document.activeElement === el) el.setSelectionRange(start, end);
    }
    const keys = held.current;
    held.current = noHeldKeys();
    if (hasHeldKeys(keys)) {
      const at = el.selectionStart ?? el.value.length;
      const from = Math.max(0, at - keys.deletes);
      const kept = el.value.length - (at - from);
      const text = keys.text.slice(0, Math.max(0, TITLE_MAX - kept));
      el.value = el.value.slice(0, from) + text + el.value.slice(at);
      el.setSelectionRange(from + text.length, from + text.length);
      shared.set(el.value);
    }
    return shared.observe((delta) => {
      const focused = document.activeElement === el;
      const next = applyDelta(
        { value: el.value, start: el.selectionStart ?? 0, end: el.selectionEnd ?? 0 },
        delta,
      );
      el.value = next.value;
      if (focused) el.setSelectionRange(next.start, next.end);
    });
  }, [shared]);

  // Opening ended without the shared title: the held keys have nowhere to go.
  useEffect(() => {
    if (!props.opening && !shared) held.current = noHeldKeys();
  }, [props.opening, shared]);

  /** An edit typed here: into the shared title once bound, else reported. */
  function report(title: string) {
    if (latest.current.shared) return latest.current.shared.set(title);
    echoes.current.push(title);
    if (echoes.current.length > ECHOES) echoes.current.shift();
    latest.current.onChange(title);
  }

  return (
    <input
      ref={input}
      id="note-title"
      className="editor__title"
      aria-label="Title"
      defaultValue={initial}
      maxLength={TITLE_MAX}
      placeholder="Untitled note"
      autoComplete="off"
      readOnly={readOnly}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onInput={(event) => report(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.nativeEvent.isComposing) return;
        if (event.key === 'Enter') {
          event.preventDefault();
          latest.current.onEnter?.();
          return;
        }
        const mod = event.ctrlKey || event.metaKey;
        if (readOnly && latest.current.opening && !mod && !event.altKey) {
          if (holdKey(held.current, event.key, { enter: false })) event.preventDefault();
          return;
        }
        if (!mod || event.altKey || event.key.toLowerCase() !== 'z' || !shared) return;
        // The browser's own undo would not know of others' edits: undo ours in the title.
        event.preventDefault();
        if (event.shiftKey) shared.redo();
        else shared.undo();
      }}
    />
  );
}
