// A notification as the bell lists it.
export type NotificationKind = 'mention' | 'reply' | 'shared' | 'role_changed';

export interface AppNotification {
  id: string;
  kind: NotificationKind;
  actorName: string;
  notebookId: string;
  notebookName: string;
  noteId: string | null;
  noteTitle: string | null;
  anchor: Record<string, unknown> | null;
  role: string | null;
  createdAt: string;
  read: boolean;
}
