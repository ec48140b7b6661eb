// Admin users API: get, create, update (email, phone, password, confirmations, metadata, role,
// ban_duration) and delete (hard, or soft keeping the row).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { adminEndpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { flag, object, optionalText, text, uuidParam } from '../params.ts';
import { checkPasswordStrength, hashPassword } from '../password.ts';
import type { AuthQueries } from '../store/index.ts';
import { mergeMetadata, userJson } from '../user-json.ts';
import { validateEmail, validatePhone } from '../validate.ts';
import { parseBanDuration } from './ban-duration.ts';

const UserPath = z.object({ user_id: uuidParam('user_id') });

const AdminUserBody = z.object({
  id: text,
  email: text,
  phone: text,
  password: optionalText,
  password_hash: text,
  email_confirm: flag,
  phone_confirm: flag,
  user_metadata: object,
  app_metadata: object,
  role: optionalText,
  ban_duration: optionalText,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_EXISTS = 'A user with this email address has already been registered';
const PHONE_EXISTS = 'Phone number already registered by another user';

async function existingUser(q: AuthQueries, id: string) {
  const user = await q.findUserById(id);
  if (!user) throw authError('user_not_found', 'User not found');
  return user;
}

/** Answers with the user as it now is. */
const answer = async (q: AuthQueries, id: string) =>
  Response.json(userJson((await q.findUserRecord(id))!));

export const getAdminUser = adminEndpoint({ path: UserPath }, async (_request, p, { deps }) =>
  deps.store.transaction(async (q) => {
    await existingUser(q, p.user_id);
    return answer(q, p.user_id);
  }),
);

export const createAdminUser = adminEndpoint(
  { body: AdminUserBody },
  async (_request, p, { deps }) => {
    const banMs = parseBanDuration(p.ban_duration);
    const id = p.id || randomUUID();
    if (!UUID.test(id))
      throw authError('validation_failed', 'ID must conform to the uuid v4 format');
    if (!p.email && !p.phone)
      throw authError('validation_failed', 'Cannot create a user without either an email or phone');
    const email = p.email ? validateEmail(p.email) : '';
    const phone = p.phone ? validatePhone(p.phone) : '';
    if (email && (await deps.store.findUserByEmail(email)))
      throw authError('email_exists', EMAIL_EXISTS);
    if (phone && (await deps.store.findUserByPhone(phone)))
      throw authError('phone_exists', PHONE_EXISTS);
    if (p.password) checkPasswordStrength(deps.config, p.password);
    const hash = p.password ? await hashPassword(p.password) : '';
    const provider = email ? 'email' : 'phone';
    const providers = [email ? 'email' : null, phone ? 'phone' : null].filter(Boolean);
    return deps.store.transaction(async (q) => {
      await q.insertUser({
        id,
        provider,
        email: email || undefined,
        phone: phone || undefined,
        passwordHash: hash,
        role: p.role || 'authenticated',
        appMetadata: { ...(p.app_metadata ?? {}), provider, providers },
        userMetadata: p.user_metadata ?? {},
        emailConfirmed: !!(email && p.email_confirm),
        phoneConfirmed: !!(phone && p.phone_confirm),
        identityVerified: provider === 'email' && !!p.email_confirm,
      });
      if (email && phone) await q.insertIdentity(id, { provider: 'phone', phone });
      if (banMs !== undefined) await q.setBan(id, banMs);
      return answer(q, id);
    });
  },
);

export const updateAdminUser = adminEndpoint(
  { path: UserPath, body: AdminUserBody },
  async (_request, p, { deps }) => {
    const id = p.user_id;
    const banMs = parseBanDuration(p.ban_duration);
    const user = await deps.store.findUserById(id);
    if (!user) throw authError('user_not_found', 'User not found');
    const email = p.email ? validateEmail(p.email) : '';
    const phone = p.phone ? validatePhone(p.phone) : '';
    if (email && email !== user.email) {
      const other = await deps.store.findUserByEmail(email);
      if (other && other.id !== id) throw authError('email_exists', EMAIL_EXISTS);
    }
    if (phone && phone !== user.phone && (await deps.store.findUserByPhone(phone)))
      throw authError('phone_exists', PHONE_EXISTS);
    if (p.password) checkPasswordStrength(deps.config, p.password);
    const hash = p.password ? await hashPassword(p.password) : undefined;
    return deps.store.transaction(async (q) => {
      if (p.role) await q.setRole(id, p.role);
      if (hash !== undefined) await q.setPasswordHash(id, hash);
      if (email && email !== user.email) {
        await q.setAddress(id, 'email', email);
        await q.upsertIdentityAddress(id, 'email', email, false);
        await q.addProvider(id, 'email');
      }
      if (phone && phone !== user.phone) {
        await q.setAddress(id, 'phone', phone);
        await q.addProvider(id, 'phone');
      }
      if (p.email_confirm !== undefined) await q.setConfirmed(id, 'email', p.email_confirm);
      if (p.phone_confirm !== undefined) await q.setConfirmed(id, 'phone', p.phone_confirm);
      if (p.user_metadata)
        await q.setUserMetadata(id, mergeMetadata(user.raw_user_meta_data, p.user_metadata));
      if (p.app_metadata) {
        const current = (await q.findUserById(id))!.raw_app_meta_data;
        await q.setAppMetadata(id, mergeMetadata(current, p.app_metadata));
      }
      if (banMs !== undefined) await q.setBan(id, banMs);
      return answer(q, id);
    });
  },
);

export const deleteAdminUser = adminEndpoint(
  { path: UserPath, body: z.object({ should_soft_delete: flag }) },
  async (_request, p, { deps, ip }) => {
    await deps.store.transaction(async (q) => {
      const target = await existingUser(q, p.user_id);
      await q.recordAudit(target, 'user_deleted', ip, {
        user_id: target.id,
        user_email: target.email,
        user_phone: target.phone,
      });
      if (p.should_soft_delete) await q.softDeleteUser(target.id);
      else await q.deleteUser(target.id);
    });
    return Response.json({});
  },
);
