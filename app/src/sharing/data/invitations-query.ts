// Pending invitations of a notebook (only its owner can read them).
import { useQuery } from '@tanstack/react-query';
import { roleOf, type GrantableRole, type Role } from '../../lib/roles.ts';

const grantable = (role: Role): GrantableRole => (role === 'owner' ? 'viewer' : role);
import { useSupabase } from '../../lib/supabase.ts';
import { sharingKeys } from './keys.ts';
import type { Invitation } from './types.ts';

export function useInvitationsQuery(notebookId: string, enabled: boolean) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: sharingKeys.invitations(notebookId),
    enabled,
    queryFn: async (): Promise<Invitation[]> => {
      const { data, error } = await supabase
        .from('invitations')
        .select('id, email, role, created_at')
        .eq('notebook_id', notebookId)
        .order('created_at', { ascending: true });
      if (error) throw error;
      return data.map((row) => ({
        ...row,
        role: grantable(roleOf(row.role)),
      }));
    },
  });
}
