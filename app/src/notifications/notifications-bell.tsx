// The bell in the header: its name carries the unread count ("Notifications, 2 unread"), kept
// live; it opens the list of the person's latest notifications, each a link to the exact place
// (following one marks it read), with "Mark all read". Escape or a click elsewhere closes the
// list and the focus returns to the bell. Never suspends (the header is drawn at once).
import { useLayoutEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { useMarkAllReadMutation } from './data/mark-all-read-mutation.ts';
import { useMarkReadMutation } from './data/mark-read-mutation.ts';
import { useNotificationsQuery } from './data/notifications-query.ts';
import type { AppNotification } from './data/types.ts';
import {
  bellLabel,
  notificationPath,
  notificationSentence,
  whenText,
} from './notification-text.ts';
import { useLiveNotifications } from './use-live-notifications.ts';
import './notifications.css';

function BellIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path
        d="M10 3a5 5 0 0 0-5 5v3l-1.5 3h13L15 11V8a5 5 0 0 0-5-5Zm-2 12a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Item({ item, onOpen }: { item: AppNotification; onOpen(item: AppNotification): void }) {
  return (
    <li className={`notifications__item${item.read ? '' : ' notifications__item--unread'}`}>
      <Link to={notificationPath(item)} onClick={() => onOpen(item)}>
        {item.read ? null : <span className="visually-hidden">Unread: </span>}
        <span className="notifications__sentence">{notificationSentence(item)}</span>
        <span className="notifications__when">{whenText(item.createdAt)}</span>
      </Link>
    </li>
  );
}

export function NotificationsBell() {
  const { user } = useSignedIn();
  const query = useNotificationsQuery(user.id);
  const markRead = useMarkReadMutation();
  const markAll = useMarkAllReadMutation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();
  useLiveNotifications();
  const unread = query.data?.unread ?? null;

  useLayoutEffect(() => {
    if (!open) return;
    // On a phone the list is fixed across the screen, just under the bell.
    const bottom = bell.current?.getBoundingClientRect().bottom ?? 56;
    panel.current?.style.setProperty('--bell-bottom', `${Math.round(bottom)}px`);
    panel.current?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes from anywhere: a button that disables itself (Mark all read) drops the focus.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      bell.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open]);

  const openItem = (item: AppNotification) => {
    if (!item.read) markRead.mutate(item.id);
    setOpen(false);
  };

  return (
    <div className="notifications" ref={root}>
      <button
        type="button"
        ref={bell}
        className="icon-button notifications__bell"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon />
        {unread ? (
          <span className="notifications__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          className="notifications__panel"
          id={panelId}
          role="region"
          aria-labelledby={headingId}
          tabIndex={-1}
          ref={panel}
        >
          <div className="notifications__head">
            <h2 className="notifications__title" id={headingId}>
              Notifications
            </h2>
            <Button
              variant="secondary"
              className="notifications__mark-all"
              disabled={!unread}
              pending={markAll.isPending}
              onClick={() =>
                // The button disables itself: the focus stays in the list.
                markAll.mutate(undefined, { onSettled: () => panel.current?.focus() })
              }
            >
              Mark all read
            </Button>
          </div>
          {markAll.error ? (
            <Alert tone="error">{describeError(markAll.error).message}</Alert>
          ) : null}
          {query.isPending ? (
            <p className="notifications__state" role="status">
              Loading notifications…
            </p>
          ) : query.error ? (
            <div className="notifications__state">
              <Alert tone="error">{describeError(query.error).message}</Alert>
              <Button variant="secondary" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </div>
          ) : query.data.items.length === 0 ? (
            <p className="notifications__state empty">
              Nothing yet. Mentions of you, notebooks shared with you and changes of your role
              appear here.
            </p>
          ) : (
            <ul className="notifications__list">
              {query.data.items.map((item) => (
                <Item key={item.id} item={item} onOpen={openItem} />
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
