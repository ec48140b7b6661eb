// delete-account: the caller deletes their own account. Needs aal2 when the caller has a
// verified MFA factor. Files go first, through the Storage API (the avatar folder and every
// notebook the caller owns); then Auth deletes the user, and the database cascades remove the
// profile, owned notebooks with their notes, attachments, members and invitations, and the
// caller's memberships elsewhere (their notes in other people's notebooks stay, authorless).
// Anything the cascades queued in public.storage_cleanup is removed last.
//
// POST { confirm: true }  →  200 { status: 'deleted' }  |  4xx { error: { code, message } }
import { adminClient, callerOf, requireAssurance } from '../_shared/clients.ts';
import { HttpError, json, readJsonObject, serve } from '../_shared/http.ts';
import { drainStorageCleanup, removeFolder } from '../_shared/storage-cleanup.ts';

serve(['POST'], async (req) => {
  const caller = await callerOf(req);
  const body = await readJsonObject(req);
  if (body.confirm !== true)
    throw new HttpError(
      400,
      'confirmation_required',
      'Send { "confirm": true } to delete your account.',
    );
  await requireAssurance(caller);

  const admin = adminClient();
  const owned: string[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await admin
      .from('notebooks')
      .select('id')
      .eq('owner_id', caller.id)
      .order('id')
      .range(from, from + 999);
    if (error) throw new Error(`notebooks: ${error.message}`);
    owned.push(...(data ?? []).map((n: { id: string }) => n.id));
    if (!data || data.length < 1000) break;
  }
  for (const notebookId of owned) await removeFolder(admin, 'attachments', notebookId);
  await removeFolder(admin, 'avatars', caller.id);

  const { error } = await admin.auth.admin.deleteUser(caller.id);
  if (error) throw new Error(`deleteUser: ${error.message}`);

  // The cascades queued the same folders (nothing left in them now) and any attachment rows.
  try {
    while ((await drainStorageCleanup(admin, { ownerId: caller.id })) > 0);
  } catch (cleanupError) {
    // The account is gone; leftovers stay queued for the next drain.
    console.error(cleanupError);
  }
  return json({ status: 'deleted' });
});
