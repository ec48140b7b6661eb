// The notebooks a person may move a note into: those where they are an editor or the owner.
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';

export interface EditableNotebook {
  id: string;
  name: string;
}

export function useEditableNotebooksQuery(userId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: [...noteKeys.all, 'editable-notebooks', userId],
    queryFn: async (): Promise<EditableNotebook[]> => {
      const { data, error } = await supabase
        .from('notebook_members')
        .select('notebook:notebooks(id, name)')
        .eq('user_id', userId)
        .in('role', ['owner', 'editor']);
      if (error) throw error;
      return data
        .flatMap((r) => (r.notebook ? [{ id: r.notebook.id, name: r.notebook.name }] : []))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}
