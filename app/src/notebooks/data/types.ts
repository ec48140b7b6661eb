// A notebook as the list shows it: its name, the caller's role and how many notes it holds.
export type Role = 'owner' | 'editor' | 'viewer';

export interface NotebookSummary {
  id: string;
  name: string;
  owner_id: string;
  updated_at: string;
  role: Role;
  note_count: number;
}
