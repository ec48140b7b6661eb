// POST /admin/generate_link (service key): makes the action link and code of a signup, invite,
// magiclink, recovery or email_change_current/new email without sending it; and POST /invite,
// which creates the invited user and sends the invite email.
import { audit } from '../audit.ts';
import type { Context } from 'hono';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/adapter.ts';
import type { AuthDeps } from '../deps.ts';
import { authError } from '../errors.ts';
import { clientIp, obj, readBody, str } from '../http.ts';
import { sendUserEmail, verifyLink } from '../messages.ts';
import { generateOtp, saveOneTimeToken, tokenHash } from '../otp.ts';
import { checkPasswordStrength, hashPassword } from '../password.ts';
import { isRedirectAllowed, redirectFor } from '../redirect.ts';
import { findUserByEmail, findUserById, insertUser, loadUserJson, type UserRow } from '../users.ts';
import { validateEmail } from '../validate.ts';
import { requireAdmin } from './require-admin.ts';

const DUPLICATE = 'A user with this email address has already been registered';

async function createEmailUser(
  tx: Queryable,
  email: string,
  data: Record<string, unknown>,
  passwordHash = '',
): Promise<UserRow> {
  const id = await insertUser(tx, { provider: 'email', email, passwordHash, userMetadata: data });
  await tx.query(
    `update auth.users u set raw_user_meta_data = u.raw_user_meta_data || i.identity_data
     from auth.identities i where i.user_id = u.id and u.id = $1`,
    [id],
  );
  return (await findUserById(tx, id))!;
}

export async function generateLink(deps: AuthDeps, c: Context): Promise<Response> {
  await requireAdmin(deps, c);
  const { config } = deps.ctx;
  const body = await readBody(c);
  let type = str(body, 'type');
  const email = validateEmail(str(body, 'email'));
  let password = str(body, 'password');
  const data = obj(body, 'data') ?? {};
  const newEmailRaw = str(body, 'new_email');
  const bodyRedirect = str(body, 'redirect_to');
  const redirectTo = isRedirectAllowed(config, bodyRedirect)
    ? bodyRedirect
    : redirectFor(c, config);
  const existing = await findUserByEmail(deps.ctx.db, email);
  if (!existing) {
    if (type === 'magiclink') {
      type = 'signup';
      password = randomBytes(32).toString('base64url');
    } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type))
      throw authError('user_not_found', 'User with this email not found');
  }
  const otp = generateOtp(config.auth.email.otpLength);
  let hashed = tokenHash(email, otp);
  let linkType = type;
  if (type === 'signup' && !existing) {
    if (!password) throw authError('validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(config, password);
  }
  const passwordHash = type === 'signup' && !existing ? await hashPassword(password) : '';
  const userId = await deps.ctx.db.transaction(async (tx) => {
    let user = existing;
    switch (type) {
      case 'magiclink':
      case 'recovery':
        await tx.query(
          `update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1`,
          [user!.id, hashed],
        );
        await saveOneTimeToken(tx, user!.id, 'recovery_token', hashed, email);
        break;
      case 'invite':
      case 'signup':
        if (user?.email_confirmed_at) throw authError('email_exists', DUPLICATE);
        if (!user) user = await createEmailUser(tx, email, data, passwordHash);
        else if (type === 'signup')
          await tx.query(
            `update auth.users set raw_user_meta_data = raw_user_meta_data || $2 where id = $1`,
            [user.id, JSON.stringify(data)],
          );
        await tx.query(
          `update auth.users set confirmation_token = $2, confirmation_sent_at = now()${type === 'invite' ? ', invited_at = now()' : ''} where id = $1`,
          [user.id, hashed],
        );
        await saveOneTimeToken(tx, user.id, 'confirmation_token', hashed, email);
        break;
      case 'email_change_current':
      case 'email_change_new': {
        if (!config.auth.email.doubleConfirmChanges && type === 'email_change_current')
          throw authError(
            'validation_failed',
            'Enable secure email change to generate link for current email',
          );
        const newEmail = validateEmail(newEmailRaw);
        if (await findUserByEmail(tx, newEmail)) throw authError('email_exists', DUPLICATE);
        const current = type === 'email_change_current' ? hashed : '';
        const next = type === 'email_change_new' ? tokenHash(newEmail, otp) : '';
        if (next) hashed = next;
        await tx.query(
          `update auth.users set email_change = $2, email_change_token_current = $3, email_change_token_new = $4,
             email_change_sent_at = now(), email_change_confirm_status = 0 where id = $1`,
          [user!.id, newEmail, current, next],
        );
        if (current)
          await saveOneTimeToken(tx, user!.id, 'email_change_token_current', current, email);
        if (next) await saveOneTimeToken(tx, user!.id, 'email_change_token_new', next, newEmail);
        linkType = 'email_change';
        break;
      }
      default:
        throw authError('validation_failed', `Invalid email action link type requested: ${type}`);
    }
    return user!.id;
  });
  const user = await loadUserJson(deps.ctx.db, userId);
  return c.json({
    ...user,
    action_link: verifyLink(deps, hashed, linkType, redirectTo),
    email_otp: otp,
    hashed_token: hashed,
    verification_type: type,
    redirect_to: redirectTo,
  });
}

export async function invite(deps: AuthDeps, c: Context): Promise<Response> {
  await requireAdmin(deps, c);
  const body = await readBody(c);
  const email = validateEmail(str(body, 'email'));
  const data = obj(body, 'data') ?? {};
  const redirectTo = redirectFor(c, deps.ctx.config);
  const existing = await findUserByEmail(deps.ctx.db, email);
  if (existing?.email_confirmed_at) throw authError('email_exists', DUPLICATE);
  const id = await deps.ctx.db.transaction(async (tx) => {
    const user = existing ?? (await createEmailUser(tx, email, data));
    await audit(tx, user, 'user_invited', clientIp(c), { user_id: user.id, user_email: email });
    await sendUserEmail(deps, tx, user, 'invite', {
      ip: clientIp(c),
      redirectTo,
      checkFrequency: false,
    });
    return user.id;
  });
  return c.json(await loadUserJson(deps.ctx.db, id));
}
