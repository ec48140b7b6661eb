// Members and pending invitations of a notebook.
import type { Role } from '../../lib/roles.ts';

export type { Role };

export interface Member {
  user_id: string;
  role: Role;
  display_name: string | null;
}

export interface Invitation {
  id: string;
  email: string;
  role: 'editor' | 'viewer';
  created_at: string;
}
