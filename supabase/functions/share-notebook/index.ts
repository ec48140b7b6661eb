// share-notebook: the owner of a notebook shares it with an email address. An address that
// belongs to a confirmed account becomes a member at once; any other address gets a pending
// invitation (claimed by a database trigger when the address is confirmed) and an invitation
// email sent by Auth. The ownership check and every write run with the caller's JWT, so row-level
// security decides; the service key is used only to resolve the address and send the email.
//
// POST { notebook_id, email, role: 'editor' | 'viewer', redirect_to? }
//   200 { status: 'member', user_id, role }  |  200 { status: 'invited', email, role, email_sent }
//   4xx { error: { code, message } }
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { adminClient, callerOf, requireAssurance, type Caller } from '../_shared/clients.ts';
import { HttpError, json, readJsonObject, serve } from '../_shared/http.ts';
import { drainOwnQuietly } from '../_shared/storage-cleanup.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface ShareParams {
  notebookId: string;
  email: string;
  role: 'editor' | 'viewer';
  redirectTo?: string;
}

function parseParams(body: Record<string, unknown>): ShareParams {
  const { notebook_id, email, role, redirect_to } = body;
  if (typeof notebook_id !== 'string' || !UUID.test(notebook_id))
    throw new HttpError(400, 'invalid_request', 'notebook_id must be a notebook id (a UUID).');
  if (typeof email !== 'string' || email.trim().length > 320 || !EMAIL.test(email.trim()))
    throw new HttpError(400, 'invalid_email', 'email must be a valid email address.');
  if (role !== 'editor' && role !== 'viewer')
    throw new HttpError(400, 'invalid_request', "role must be 'editor' or 'viewer'.");
  if (redirect_to !== undefined && typeof redirect_to !== 'string')
    throw new HttpError(400, 'invalid_request', 'redirect_to must be a URL.');
  return {
    notebookId: notebook_id,
    email: email.trim().toLowerCase(),
    role,
    redirectTo: redirect_to,
  };
}

/** The notebook as the caller sees it; 404 when they cannot see it, 403 when not the owner. */
async function requireOwner(caller: Caller, notebookId: string): Promise<void> {
  const { data, error } = await caller.client
    .from('notebooks')
    .select('id, owner_id')
    .eq('id', notebookId)
    .maybeSingle();
  if (error) throw new Error(`notebooks: ${error.message}`);
  if (!data)
    throw new HttpError(404, 'notebook_not_found', 'That notebook does not exist or is not yours.');
  if (data.owner_id !== caller.id)
    throw new HttpError(403, 'not_owner', 'Only the owner of a notebook can share it.');
}

async function addMember(client: SupabaseClient, p: ShareParams, userId: string): Promise<void> {
  const { data: existing, error } = await client
    .from('notebook_members')
    .select('role')
    .eq('notebook_id', p.notebookId)
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw new Error(`notebook_members: ${error.message}`);
  const write = existing
    ? client
        .from('notebook_members')
        .update({ role: p.role })
        .eq('notebook_id', p.notebookId)
        .eq('user_id', userId)
    : client
        .from('notebook_members')
        .insert({ notebook_id: p.notebookId, user_id: userId, role: p.role });
  const { error: writeError } = await write;
  if (writeError) throw new Error(`notebook_members: ${writeError.message}`);
}

async function addInvitation(client: SupabaseClient, p: ShareParams): Promise<void> {
  const { data: existing, error } = await client
    .from('invitations')
    .select('id')
    .eq('notebook_id', p.notebookId)
    .eq('email', p.email)
    .maybeSingle();
  if (error) throw new Error(`invitations: ${error.message}`);
  const write = existing
    ? client.from('invitations').update({ role: p.role }).eq('id', existing.id)
    : client
        .from('invitations')
        .insert({ notebook_id: p.notebookId, email: p.email, role: p.role });
  const { error: writeError } = await write;
  if (writeError) throw new Error(`invitations: ${writeError.message}`);
}

/** Sends the invitation email through Auth; false when Auth would not send one. */
async function sendInvite(admin: SupabaseClient, p: ShareParams): Promise<boolean> {
  const redirectTo = p.redirectTo ?? Deno.env.get('SHEAF_INVITE_REDIRECT_URL') ?? undefined;
  const { error } = await admin.auth.admin.inviteUserByEmail(p.email, {
    redirectTo,
    data: { invited_to_notebook: p.notebookId },
  });
  if (error) console.warn(`invite ${p.email}: ${error.message}`);
  return !error;
}

serve(['POST'], async (req) => {
  const caller = await callerOf(req);
  const params = parseParams(await readJsonObject(req));
  await requireAssurance(caller);
  if (caller.email && caller.email.toLowerCase() === params.email)
    throw new HttpError(400, 'cannot_share_with_self', 'You already own this notebook.');
  await requireOwner(caller, params.notebookId);

  const admin = adminClient();
  await drainOwnQuietly(admin, caller.id);
  const { data: userId, error } = await admin.rpc('user_id_by_email', { address: params.email });
  if (error) throw new Error(`user_id_by_email: ${error.message}`);
  if (typeof userId === 'string') {
    if (userId === caller.id)
      throw new HttpError(400, 'cannot_share_with_self', 'You already own this notebook.');
    await addMember(caller.client, params, userId);
    return json({ status: 'member', user_id: userId, role: params.role });
  }
  await addInvitation(caller.client, params);
  const emailSent = await sendInvite(admin, params);
  return json({ status: 'invited', email: params.email, role: params.role, email_sent: emailSent });
});
