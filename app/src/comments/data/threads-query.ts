// A note's comment threads with their comments, oldest first (row-level security returns them
// only to people who can read the note). Kept current by use-live-comments.ts.
import { useQuery } from '@tanstack/react-query';
import { useRest, type Rest } from '../../lib/supabase.ts';
import { commentKeys } from './keys.ts';
import type { Thread } from './types.ts';

const nameOf = (profile: { display_name: string | null } | null) =>
  profile?.display_name?.trim() || 'Someone';

export async function fetchThreads(rest: Rest, noteId: string): Promise<Thread[]> {
  const { data, error } = await rest
    .from('comment_threads')
    .select(
      'id, note_id, notebook_id, author_id, anchor_start, anchor_end, quote, resolved_at, created_at, comments(id, author_id, body, created_at, edited_at, author:profiles!comments_author_id_fkey(display_name))',
    )
    .eq('note_id', noteId)
    .order('created_at')
    .order('created_at', { referencedTable: 'comments' });
  if (error) throw error;
  return data.map((t) => ({
    id: t.id,
    note_id: t.note_id,
    notebook_id: t.notebook_id,
    author_id: t.author_id,
    anchor: { start: t.anchor_start, end: t.anchor_end },
    quote: t.quote,
    resolved_at: t.resolved_at,
    created_at: t.created_at,
    comments: t.comments.map((c) => ({
      id: c.id,
      author_id: c.author_id,
      author_name: nameOf(c.author),
      body: c.body,
      created_at: c.created_at,
      edited_at: c.edited_at,
    })),
  }));
}

/** `enabled` false holds the request back (until the note's text is open: it comes first). */
export function useThreadsQuery(noteId: string, enabled = true) {
  const rest = useRest();
  return useQuery({
    queryKey: commentKeys.threads(noteId),
    queryFn: () => fetchThreads(rest, noteId),
    enabled,
  });
}
