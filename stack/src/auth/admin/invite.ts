// POST /invite: creates the invited user (unless one not yet confirmed exists) and sends the
// invite email with its link and code.
import { z } from 'zod';
import { adminEndpoint } from '../endpoint.ts';
import { randomUUID } from 'node:crypto';
import { authError } from '../errors.ts';
import { beforeUserCreated } from '../hooks/points.ts';
import { sendUserEmail } from '../messages.ts';
import { object, text } from '../params.ts';
import { redirectFor } from '../redirect.ts';
import type { AuthQueries } from '../store/index.ts';
import type { UserRow } from '../store/rows.ts';
import { userJson } from '../user-json.ts';
import { validateEmail } from '../validate.ts';

export const EMAIL_EXISTS = 'A user with this email address has already been registered';

/**
 * Creates the user an invitation or a generated sign-up link is for: its metadata is exactly
 * `data`, and its email identity holds only the address's claims, as Supabase Auth makes them.
 */
export async function createInvitedUser(
  q: AuthQueries,
  email: string,
  data: Record<string, unknown>,
  passwordHash = '',
  id?: string,
): Promise<UserRow> {
  id = await q.insertUser({ id, provider: 'email', email, passwordHash, userMetadata: data });
  return (await q.findUserById(id))!;
}

export const invite = adminEndpoint(
  { body: z.object({ email: text, data: object }) },
  async (request, p, { deps, ip }) => {
    const email = validateEmail(p.email);
    const redirectTo = redirectFor(request, deps.config);
    const data = p.data ?? {};
    const newId = randomUUID();
    if (!(await deps.store.findUserByEmail(email)))
      await beforeUserCreated(
        deps,
        { id: newId, provider: 'email', email, userMetadata: data },
        ip,
      );
    const record = await deps.store.transaction(async (q) => {
      const existing = await q.findUserByEmail(email);
      if (existing?.email_confirmed_at) throw authError('email_exists', EMAIL_EXISTS);
      const user = existing ?? (await createInvitedUser(q, email, data, '', newId));
      await q.recordAudit(user, 'user_invited', ip, { user_id: user.id, user_email: email });
      await sendUserEmail(deps, q, user, 'invite', { ip, redirectTo, checkFrequency: false });
      return (await q.findUserRecord(user.id))!;
    });
    return Response.json(userJson(record));
  },
);
