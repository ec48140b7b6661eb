// Shares a notebook by email through the share-notebook edge function (the only way to add a
// person): an existing account becomes a member and is emailed, any other address gets a pending
// invitation by email. The function's error body
// ({ error: { code } }) is unwrapped so the catalogue can say what went wrong.
import type { GrantableRole } from '../../lib/roles.ts';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { sharingKeys } from './keys.ts';

export interface ShareResult {
  status: 'member' | 'invited';
  role: GrantableRole;
  email?: string;
  /** For a member: false when they already were one (only the role changed). */
  added?: boolean;
  /** Whether the person was emailed (an invitation, or "shared with you"). */
  email_sent?: boolean;
}

export function useShareNotebookMutation(notebookId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; role: GrantableRole }) => {
      const { data, error } = await supabase.functions.invoke<ShareResult>('share-notebook', {
        body: {
          notebook_id: notebookId,
          email: input.email.trim(),
          role: input.role,
          redirect_to: `${window.location.origin}/auth/callback`,
        },
      });
      if (error instanceof FunctionsHttpError) {
        const body = (await error.context.json().catch(() => null)) as {
          error?: { code?: string };
        } | null;
        throw { code: body?.error?.code, status: error.context.status };
      }
      if (error) throw error;
      if (!data) throw new Error('share-notebook answered without a body');
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingKeys.all }),
  });
}
