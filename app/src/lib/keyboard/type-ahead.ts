// Keys typed between asking for something to write in and its field appearing. "New note" and
// typing at once (a fast typist, a text expander) would otherwise send those keys to whatever
// had focus — the button, the page — where single keys are shortcuts: "Japan trip" made notes,
// pinned them and opened History. While held, printable keys (and Enter, Backspace) are kept
// here instead, in order, and the field that appears takes them: the title takes the first
// line, the body what follows an Enter. Holding stops when everything is taken, when the page
// goes elsewhere, when the person moves on themselves (Tab, Escape, a click into a field,
// a chord), or after a while. The same holding covers an Enter in the title while the body's
// editor is still loading: the keys after it are the body's, not more of the title.

const GIVE_UP_MS = 15_000;

interface Hold {
  path: string;
  /** The page the hold began on (the address changes only once the new page is ready). */
  from: string;
  text: string;
  stop(): void;
}

let hold: Hold | null = null;

function isField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target instanceof HTMLTextAreaElement ||
      (target instanceof HTMLInputElement && target.type !== 'button' && target.type !== 'submit'))
  );
}

/**
 * Holds the keys typed from now until the page at `path` takes them (takeTypedLine /
 * takeTypedText), replacing any earlier hold.
 */
export function holdTypedKeys(path: string, ms = GIVE_UP_MS): void {
  hold?.stop();
  const onKeyDown = (event: KeyboardEvent) => {
    const current = hold;
    if (!current || event.isComposing) return;
    const here = window.location.pathname;
    const moved = here !== current.path && here !== current.from;
    if (moved || event.ctrlKey || event.metaKey || event.altKey || isField(event.target)) {
      // Gone elsewhere, or the person is doing something else: what was held is theirs to
      // retype only when the page left; otherwise the field takes it when it appears.
      if (moved) current.text = '';
      current.stop();
      return;
    }
    if (event.key === 'Tab' || event.key === 'Escape') return current.stop();
    let text = current.text;
    if (event.key === 'Enter') text += '\n';
    else if (event.key === 'Backspace') text = text.slice(0, -1);
    else if ([...event.key].length === 1) text += event.key;
    else return;
    current.text = text;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const timer = setTimeout(() => next.stop(), ms);
  const next: Hold = {
    path,
    from: window.location.pathname,
    text: '',
    stop() {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKeyDown, true);
      next.stop = () => undefined;
    },
  };
  hold = next;
  window.addEventListener('keydown', onKeyDown, true);
}

/** Whether keys are being held for `path` now. */
export function holdingFor(path: string): boolean {
  return hold !== null && hold.path === path;
}

/**
 * The first line typed while held (without its newline). Holding goes on when a newline was
 * typed — the rest is for the field that comes next (`more`) — and stops otherwise.
 */
export function takeTypedLine(path: string): { line: string; more: boolean } {
  if (!hold || hold.path !== path) return { line: '', more: false };
  const at = hold.text.indexOf('\n');
  if (at < 0) return { line: takeTypedText(path), more: false };
  const line = hold.text.slice(0, at);
  hold.text = hold.text.slice(at + 1);
  return { line, more: true };
}

/** Everything still held for `path`; holding stops. */
export function takeTypedText(path: string): string {
  if (!hold || hold.path !== path) return '';
  const { text } = hold;
  hold.stop();
  hold = null;
  return text;
}
