// A notification in words, and where it leads: "Ada mentioned you in Trip plan", "Ada shared
// Trip with you as editor", "Your role in Trip is now viewer".
import type { AppNotification } from './data/types.ts';

export function notificationSentence(n: AppNotification): string {
  const place = n.noteTitle ?? n.notebookName;
  switch (n.kind) {
    case 'mention':
      return `${n.actorName} mentioned you in ${place}`;
    case 'reply':
      return `${n.actorName} replied in a thread you are in, on ${place}`;
    case 'shared':
      return `${n.actorName} shared ${n.notebookName} with you${n.role ? ` as ${n.role}` : ''}`;
    case 'role_changed':
      return `Your role in ${n.notebookName} is now ${n.role ?? 'changed'}`;
  }
}

/** The app path of the exact place: the note (with the comment thread, when there is one), or
 * the notebook. */
export function notificationPath(n: AppNotification): string {
  if (!n.noteId) return `/n/${n.notebookId}`;
  const thread = typeof n.anchor?.thread_id === 'string' ? n.anchor.thread_id : null;
  return `/n/${n.notebookId}/${n.noteId}${thread ? `?thread=${encodeURIComponent(thread)}` : ''}`;
}

/** "Notifications, 2 unread" — the bell's accessible name. */
export function bellLabel(unread: number | null): string {
  if (unread === null || unread === 0) return 'Notifications';
  return `Notifications, ${unread} unread`;
}

/** "just now", "5 min ago", "3 h ago", "2 d ago", then the date. */
export function whenText(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  if (seconds < 7 * 86400) return `${Math.floor(seconds / 86400)} d ago`;
  return new Date(iso).toLocaleDateString();
}
