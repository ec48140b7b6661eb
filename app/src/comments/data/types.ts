// A note's comment threads as the panel shows them (rows of comment_threads and comments with
// their authors' names; see supabase/migrations/20261128100000_sheaf_comments.sql).
export interface Comment {
  id: string;
  author_id: string | null;
  author_name: string;
  body: string;
  created_at: string;
  edited_at: string | null;
}

export interface Thread {
  id: string;
  note_id: string;
  notebook_id: string;
  author_id: string | null;
  anchor: { start: string; end: string };
  quote: string;
  resolved_at: string | null;
  created_at: string;
  comments: Comment[];
}
