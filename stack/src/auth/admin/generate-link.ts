// POST /admin/generate_link: makes the action link and code of a signup, invite, magiclink,
// recovery or email_change_current/new email without sending it (a magic link for an unknown
// address is a signup, as in Supabase Auth).
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { adminEndpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { beforeUserCreated } from '../hooks/points.ts';
import { verifyLink } from '../messages.ts';
import { generateOtp, tokenHash } from '../otp.ts';
import { object, text } from '../params.ts';
import { checkPasswordStrength, hashPassword } from '../password.ts';
import { isRedirectAllowed, redirectFor } from '../redirect.ts';
import type { AuthQueries } from '../store/index.ts';
import type { UserRow } from '../store/rows.ts';
import { mergeMetadata, userJson } from '../user-json.ts';
import { validateEmail } from '../validate.ts';
import { createInvitedUser, EMAIL_EXISTS } from './invite.ts';

const GenerateLinkBody = z.object({
  type: text,
  email: text,
  password: text,
  data: object,
  new_email: text,
  redirect_to: text,
});

export const generateLink = adminEndpoint(
  { body: GenerateLinkBody },
  async (request, p, { deps, ip }) => {
    const { config } = deps;
    const email = validateEmail(p.email);
    const data = p.data ?? {};
    const redirectTo = isRedirectAllowed(config, p.redirect_to)
      ? p.redirect_to
      : redirectFor(request, config);
    const existing = await deps.store.findUserByEmail(email);
    let { type, password } = p;
    if (!existing) {
      if (type === 'magiclink') {
        type = 'signup';
        password = randomBytes(32).toString('base64url');
      } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type))
        throw authError('user_not_found', 'User with this email not found');
    }
    if (type === 'signup' && !existing) {
      if (!password) throw authError('validation_failed', 'Signup requires a valid password');
      checkPasswordStrength(config, password);
    }
    const passwordHash = type === 'signup' && !existing ? await hashPassword(password) : '';
    const otp = generateOtp(config.auth.email.otpLength);
    const newId = randomUUID();
    if (!existing && (type === 'signup' || type === 'invite'))
      await beforeUserCreated(
        deps,
        { id: newId, provider: 'email', email, userMetadata: data },
        ip,
      );
    const link = await deps.store.transaction(async (q) => {
      const made = await storeLinkToken(
        q,
        {
          type,
          email,
          otp,
          data,
          passwordHash,
          newId,
          existing,
          doubleConfirmChanges: config.auth.email.doubleConfirmChanges,
        },
        p,
      );
      return { ...made, record: (await q.findUserRecord(made.userId))! };
    });
    return Response.json({
      ...userJson(link.record),
      action_link: verifyLink(deps, link.hash, link.linkType, redirectTo),
      email_otp: otp,
      hashed_token: link.hash,
      verification_type: type,
      redirect_to: redirectTo,
    });
  },
);

interface LinkRequest {
  type: string;
  email: string;
  otp: string;
  data: Record<string, unknown>;
  passwordHash: string;
  /** The id a user made here gets (the one the before-user-created hook saw). */
  newId: string;
  existing: UserRow | undefined;
  doubleConfirmChanges: boolean;
}

/** Creates the user when needed and stores the link's token hash where its type is verified. */
async function storeLinkToken(
  q: AuthQueries,
  { type, email, otp, data, passwordHash, newId, existing, doubleConfirmChanges }: LinkRequest,
  p: { new_email: string },
): Promise<{ userId: string; hash: string; linkType: string }> {
  const hash = tokenHash(email, otp);
  switch (type) {
    case 'magiclink':
    case 'recovery':
      await q.storeUserToken(existing!.id, 'recovery', hash, email);
      return { userId: existing!.id, hash, linkType: type };
    case 'invite':
    case 'signup': {
      if (existing?.email_confirmed_at) throw authError('email_exists', EMAIL_EXISTS);
      const user = existing ?? (await createInvitedUser(q, email, data, passwordHash, newId));
      if (existing && type === 'signup')
        await q.setUserMetadata(user.id, mergeMetadata(existing.raw_user_meta_data, data));
      await q.storeUserToken(user.id, 'confirmation', hash, email, { invite: type === 'invite' });
      return { userId: user.id, hash, linkType: type };
    }
    case 'email_change_current':
    case 'email_change_new': {
      if (!doubleConfirmChanges && type === 'email_change_current')
        throw authError(
          'validation_failed',
          'Enable secure email change to generate link for current email',
        );
      return storeEmailChangeLink(q, existing!, type, email, otp, p.new_email);
    }
    default:
      throw authError('validation_failed', `Invalid email action link type requested: ${type}`);
  }
}

async function storeEmailChangeLink(
  q: AuthQueries,
  user: UserRow,
  type: 'email_change_current' | 'email_change_new',
  email: string,
  otp: string,
  newEmailParam: string,
): Promise<{ userId: string; hash: string; linkType: string }> {
  const newEmail = validateEmail(newEmailParam);
  if (await q.findUserByEmail(newEmail)) throw authError('email_exists', EMAIL_EXISTS);
  const hashCurrent = type === 'email_change_current' ? tokenHash(email, otp) : '';
  const hashNew = type === 'email_change_new' ? tokenHash(newEmail, otp) : '';
  await q.storeEmailChangeTokens(user.id, { newEmail, hashNew, currentEmail: email, hashCurrent });
  return { userId: user.id, hash: hashCurrent || hashNew, linkType: 'email_change' };
}
