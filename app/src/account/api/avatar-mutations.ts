// The avatar: upload into avatars/<uid>/ and point the profile at it (removing the old file),
// or remove it. The bucket is public, so the picture is shown by its public URL.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase, type Supabase } from '../../lib/supabase.ts';
import { accountKeys } from './keys.ts';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Why a file cannot be an avatar, or null. */
export function checkAvatar(file: File): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'Choose a PNG, JPEG, WebP or GIF image.';
  if (file.size > AVATAR_MAX_BYTES)
    return `This image is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 2 MB.`;
  return null;
}

export function avatarUrl(supabase: Supabase, path: string | null): string | null {
  return path ? supabase.storage.from('avatars').getPublicUrl(path).data.publicUrl : null;
}

async function setAvatarPath(supabase: Supabase, userId: string, path: string | null) {
  const { error } = await supabase.from('profiles').update({ avatar_path: path }).eq('id', userId);
  if (error) throw error;
}

export function useUploadAvatarMutation(userId: string, previous: string | null) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const ext = file.type.split('/')[1] ?? 'img';
      const path = `${userId}/avatar-${Date.now()}.${ext}`;
      const { error } = await supabase.storage
        .from('avatars')
        .upload(path, file, { contentType: file.type, upsert: false });
      if (error) throw error;
      await setAvatarPath(supabase, userId, path);
      if (previous) await supabase.storage.from('avatars').remove([previous]);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile(userId) }),
  });
}

export function useRemoveAvatarMutation(userId: string, current: string | null) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await setAvatarPath(supabase, userId, null);
      if (current) {
        const { error } = await supabase.storage.from('avatars').remove([current]);
        if (error) throw error;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile(userId) }),
  });
}
