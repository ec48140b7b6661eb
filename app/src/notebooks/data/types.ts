// A notebook as the lists show it: its name, the caller's role, how many notes it holds (not
// counting the trash) and the people in it.
import type { Role } from '../../lib/roles.ts';

export type { Role };

export interface Member {
  user_id: string;
  role: Role;
  name: string;
}

export interface NotebookSummary {
  id: string;
  name: string;
  owner_id: string;
  updated_at: string;
  role: Role;
  note_count: number;
  /** Everyone in the notebook, the caller included, owner first. */
  members: Member[];
}
