// Members and pending invitations of a notebook.
import type { GrantableRole } from '../../lib/roles.ts';
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
  role: GrantableRole;
  created_at: string;
}
