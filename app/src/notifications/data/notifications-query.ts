// The signed-in person's latest notifications with who did what where (row-level security returns
// only their own, and only about notebooks they can still read), refetched whenever the live
// channel says they changed (use-live-notifications.ts).
import { useQuery } from '@tanstack/react-query';
import { useSupabaseLoader, type Rest } from '../../lib/supabase.ts';
import { notificationKeys } from './keys.ts';
import type { AppNotification, NotificationKind } from './types.ts';

/** How many the list shows; the unread count is counted apart. */
export const LIST_SIZE = 30;

const KINDS: NotificationKind[] = ['mention', 'reply', 'shared', 'role_changed'];

export interface NotificationsPage {
  items: AppNotification[];
  unread: number;
}

export async function fetchNotifications(supabase: Rest): Promise<NotificationsPage> {
  const [list, count] = await Promise.all([
    supabase
      .from('notifications')
      .select(
        'id, kind, role, anchor, created_at, read_at, notebook_id, note_id, actor:profiles!notifications_actor_profile_fkey(display_name), notebook:notebooks(name), note:notes(title)',
      )
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(LIST_SIZE),
    supabase.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null),
  ]);
  if (list.error) throw list.error;
  if (count.error) throw count.error;
  const items = list.data
    .filter((row) => (KINDS as string[]).includes(row.kind))
    .map((row): AppNotification => ({
      id: row.id,
      kind: row.kind as NotificationKind,
      actorName: row.actor?.display_name || 'Someone',
      notebookId: row.notebook_id,
      notebookName: row.notebook?.name ?? 'a notebook',
      noteId: row.note_id,
      noteTitle: row.note ? row.note.title || 'Untitled' : null,
      anchor:
        row.anchor && typeof row.anchor === 'object' && !Array.isArray(row.anchor)
          ? (row.anchor as Record<string, unknown>)
          : null,
      role: row.role,
      createdAt: row.created_at,
      read: row.read_at !== null,
    }));
  return { items, unread: count.count ?? 0 };
}

/** Never suspends: the bell is part of the header, drawn before the data client has loaded. */
export function useNotificationsQuery(userId: string) {
  const load = useSupabaseLoader();
  return useQuery({
    queryKey: notificationKeys.list(userId),
    queryFn: async () => fetchNotifications(await load()),
    refetchOnWindowFocus: 'always',
  });
}
