// The owner changes a member's role or removes them; a member leaves (the same delete on their
// own row); the owner cancels a pending invitation. Row-level security decides each one.
import type { GrantableRole } from '../../lib/roles.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { sharingKeys } from './keys.ts';

function refused(data: unknown[] | null) {
  if (!data || data.length === 0) throw { code: '42501' };
}

export function useChangeRoleMutation(notebookId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, role }: { userId: string; role: GrantableRole }) => {
      const { data, error } = await supabase
        .from('notebook_members')
        .update({ role })
        .eq('notebook_id', notebookId)
        .eq('user_id', userId)
        .select('user_id');
      if (error) throw error;
      refused(data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingKeys.members(notebookId) }),
  });
}

export function useRemoveMemberMutation(notebookId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => {
      const { data, error } = await supabase
        .from('notebook_members')
        .delete()
        .eq('notebook_id', notebookId)
        .eq('user_id', userId)
        .select('user_id');
      if (error) throw error;
      refused(data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingKeys.members(notebookId) }),
  });
}

export function useCancelInvitationMutation(notebookId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { data, error } = await supabase.from('invitations').delete().eq('id', id).select('id');
      if (error) throw error;
      refused(data);
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: sharingKeys.invitations(notebookId) }),
  });
}
