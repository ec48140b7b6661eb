// share-notebook: the owner of a notebook shares it with an email address — the only way a person
// is added to a notebook (authenticated callers cannot insert members or invitations themselves).
// An address that belongs to a confirmed account becomes a member at once and is told by email;
// any other address gets a pending invitation (claimed by a database trigger when the address is
// confirmed) and Auth's invitation email, which names who shared which notebook. Its link
// (supabase/templates/invite.html) opens the app's /auth/callback with the token hash, which the
// app verifies itself, in whichever browser opens it; the app then opens the notebook named in
// the invitation's metadata (invited_to_notebook) and welcomes the newcomer. The caller's
// ownership is checked with their own JWT (row-level security), and again inside the
// service-role-only SQL helpers that write the membership or invitation.
//
// POST { notebook_id, email, role: 'editor' | 'commenter' | 'viewer', redirect_to? }
//   200 { status: 'member', user_id, role, added, email_sent }
//   200 { status: 'invited', email, role, email_sent }
//   4xx { error: { code, message } }
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { adminClient, callerOf, requireAssurance, type Caller } from '../_shared/clients.ts';
import { HttpError, json, readJsonObject, serve } from '../_shared/http.ts';
import { sendMail } from '../_shared/mail.ts';
import { drainOwnQuietly } from '../_shared/storage-cleanup.ts';
import { sharedWithYouMail } from './shared-mail.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface ShareParams {
  notebookId: string;
  email: string;
  role: 'editor' | 'commenter' | 'viewer';
  redirectTo?: string;
}

interface Notebook {
  id: string;
  name: string;
}

function parseParams(body: Record<string, unknown>): ShareParams {
  const { notebook_id, email, role, redirect_to } = body;
  if (typeof notebook_id !== 'string' || !UUID.test(notebook_id))
    throw new HttpError(400, 'invalid_request', 'notebook_id must be a notebook id (a UUID).');
  if (typeof email !== 'string' || email.trim().length > 320 || !EMAIL.test(email.trim()))
    throw new HttpError(400, 'invalid_email', 'email must be a valid email address.');
  if (role !== 'editor' && role !== 'commenter' && role !== 'viewer')
    throw new HttpError(400, 'invalid_request', "role must be 'editor', 'commenter' or 'viewer'.");
  if (redirect_to !== undefined && typeof redirect_to !== 'string')
    throw new HttpError(400, 'invalid_request', 'redirect_to must be a URL.');
  return {
    notebookId: notebook_id,
    email: email.trim().toLowerCase(),
    role,
    redirectTo: redirect_to,
  };
}

/** The notebook as the caller sees it; 404 when they cannot see it, 403 when not the owner,
 * 409 when it is in the trash (only its owner still sees it there). */
async function requireOwner(caller: Caller, notebookId: string): Promise<Notebook> {
  const { data, error } = await caller.client
    .from('notebooks')
    .select('id, name, owner_id, deleted_at')
    .eq('id', notebookId)
    .maybeSingle();
  if (error) throw new Error(`notebooks: ${error.message}`);
  if (!data)
    throw new HttpError(404, 'notebook_not_found', 'That notebook does not exist or is not yours.');
  if (data.owner_id !== caller.id)
    throw new HttpError(403, 'not_owner', 'Only the owner of a notebook can share it.');
  if (data.deleted_at)
    throw new HttpError(
      409,
      'notebook_in_trash',
      'This notebook is in the trash. Restore it to share it.',
    );
  return { id: data.id, name: data.name };
}

/** How the person sharing is named in emails: their display name, else their address. */
async function sharerName(caller: Caller): Promise<string> {
  const { data } = await caller.client
    .from('profiles')
    .select('display_name')
    .eq('id', caller.id)
    .maybeSingle();
  const name = typeof data?.display_name === 'string' ? data.display_name.trim() : '';
  return name || caller.email || 'Someone';
}

/** Runs a service-role SQL helper; its refusal (42501) means the caller no longer owns it. */
async function callHelper(admin: SupabaseClient, fn: string, args: Record<string, unknown>) {
  const { data, error } = await admin.rpc(fn, args);
  if (error?.code === '42501')
    throw new HttpError(403, 'not_owner', 'Only the owner of a notebook can share it.');
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as unknown;
}

/** Sends Auth's invitation email with the notebook in its data (the invite template shows it). */
async function sendInvite(
  admin: SupabaseClient,
  p: ShareParams,
  notebook: Notebook,
  sharedBy: string,
  pendingUserId: string | null,
): Promise<boolean> {
  const data = {
    invited_to_notebook: notebook.id,
    notebook_name: notebook.name,
    shared_by: sharedBy,
  };
  // Auth keeps an existing (unconfirmed) user's metadata as it is: bring it up to date first.
  if (pendingUserId) {
    const { error } = await admin.auth.admin.updateUserById(pendingUserId, { user_metadata: data });
    if (error) console.warn(`update ${p.email}: ${error.message}`);
  }
  const redirectTo = p.redirectTo ?? Deno.env.get('SHEAF_INVITE_REDIRECT_URL') ?? undefined;
  const { error } = await admin.auth.admin.inviteUserByEmail(p.email, { redirectTo, data });
  if (error) console.warn(`invite ${p.email}: ${error.message}`);
  return !error;
}

serve(['POST'], async (req) => {
  const caller = await callerOf(req);
  const params = parseParams(await readJsonObject(req));
  await requireAssurance(caller);
  if (caller.email && caller.email.toLowerCase() === params.email)
    throw new HttpError(400, 'cannot_share_with_self', 'You already own this notebook.');
  const notebook = await requireOwner(caller, params.notebookId);

  const admin = adminClient();
  await drainOwnQuietly(admin, caller.id);
  const accounts = (await callHelper(admin, 'account_by_email', { address: params.email })) as {
    id: string;
    confirmed: boolean;
  }[];
  const account = accounts[0] ?? null;
  const sharedBy = await sharerName(caller);

  if (account?.confirmed) {
    if (account.id === caller.id)
      throw new HttpError(400, 'cannot_share_with_self', 'You already own this notebook.');
    const added = (await callHelper(admin, 'add_notebook_member', {
      notebook: notebook.id,
      member: account.id,
      member_role: params.role,
      actor: caller.id,
    })) as boolean;
    const emailSent = added
      ? await sendMail(
          sharedWithYouMail({ to: params.email, notebook, sharedBy, role: params.role }),
        )
      : false;
    return json({
      status: 'member',
      user_id: account.id,
      role: params.role,
      added,
      email_sent: emailSent,
    });
  }
  await callHelper(admin, 'add_notebook_invitation', {
    notebook: notebook.id,
    address: params.email,
    member_role: params.role,
    actor: caller.id,
  });
  const emailSent = await sendInvite(admin, params, notebook, sharedBy, account?.id ?? null);
  return json({ status: 'invited', email: params.email, role: params.role, email_sent: emailSent });
});
