// A button that opens a short list of actions (the WAI-ARIA menu button pattern): for what is
// done rarely, or cannot be taken back, so it does not stand beside the text as loudly as what
// is done often. Enter, Space or ↓ opens it on the first item (↑ on the last); ↑/↓ move round,
// Home/End jump, a letter goes to the next item starting with it; Enter or a click runs an item
// and closes the menu with the focus back on the button (where a dialog it opens returns it),
// Escape does the same, Tab or a click elsewhere closes it.
import { useLayoutEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface MenuAction {
  label: string;
  onSelect(): void;
  /** Shown after the label, and announced (aria-keyshortcuts). */
  shortcut?: string;
  /** Destructive: set apart below a line, in the danger colour. */
  danger?: boolean;
  /** Opens a dialog: the item says so (aria-haspopup). */
  dialog?: boolean;
  disabled?: boolean;
}

interface Props {
  /** The button's accessible name. */
  label: string;
  /** What the button shows (an icon and a word); the label when omitted. */
  children?: ReactNode;
  items: MenuAction[];
}

export function ActionMenu({ label, children, items }: Props) {
  const [open, setOpen] = useState<null | 'first' | 'last'>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const plain = items.filter((item) => !item.danger);
  const dangerous = items.filter((item) => item.danger);

  function menuItems(): HTMLButtonElement[] {
    return [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
  }
  function move(to: (index: number, count: number) => number) {
    const all = menuItems().filter((item) => !item.disabled);
    if (all.length === 0) return;
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    all[to(at, all.length)]?.focus();
  }
  function close(refocus: boolean) {
    setOpen(null);
    if (refocus) button.current?.focus();
  }

  useLayoutEffect(() => {
    if (!open) return;
    const enabled = menuItems().filter((item) => !item.disabled);
    (open === 'first' ? enabled[0] : enabled[enabled.length - 1])?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function item(action: MenuAction) {
    return (
      <li key={action.label} role="none">
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`action-menu__item${action.danger ? ' action-menu__item--danger' : ''}`}
          disabled={action.disabled}
          aria-haspopup={action.dialog ? 'dialog' : undefined}
          aria-keyshortcuts={action.shortcut}
          onClick={() => {
            // The focus goes back to the button first: a dialog the item opens returns it there.
            close(true);
            action.onSelect();
          }}
        >
          <span>{action.label}</span>
          {action.shortcut ? (
            <kbd className="action-menu__key" aria-hidden="true">
              {action.shortcut}
            </kbd>
          ) : null}
        </button>
      </li>
    );
  }

  return (
    <div className="action-menu" ref={root}>
      <button
        type="button"
        ref={button}
        className="button button--secondary action-menu__button"
        aria-label={children ? label : undefined}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => (o ? null : 'first'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        {children ?? label}
      </button>
      {open ? (
        <ul
          ref={list}
          id={menuId}
          role="menu"
          aria-label={label}
          className="action-menu__list"
          onKeyDown={(event) => {
            const key = event.key;
            if (key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              close(true);
            } else if (key === 'Tab') close(false);
            else if (key === 'ArrowDown') move((at, n) => (at + 1) % n);
            else if (key === 'ArrowUp') move((at, n) => (at - 1 + n) % n);
            else if (key === 'Home') move(() => 0);
            else if (key === 'End') move((_, n) => n - 1);
            else if ([...key].length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
              const all = menuItems().filter((i) => !i.disabled);
              const at = all.indexOf(document.activeElement as HTMLButtonElement);
              const letter = key.toLowerCase();
              const next = [...all.slice(at + 1), ...all.slice(0, at + 1)].find((i) =>
                i.textContent?.trim().toLowerCase().startsWith(letter),
              );
              next?.focus();
            } else return;
            // Keys that move within the menu are the menu's, never the page's shortcuts.
            if (key !== 'Tab') event.preventDefault();
            event.stopPropagation();
          }}
        >
          {plain.map(item)}
          {dangerous.length > 0 && plain.length > 0 ? (
            <li role="separator" className="action-menu__separator" />
          ) : null}
          {dangerous.map(item)}
        </ul>
      ) : null}
    </div>
  );
}
