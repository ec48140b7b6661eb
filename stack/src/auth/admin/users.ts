// Admin users API (service key): get, create, update (email, phone, password, confirmations,
// metadata, role, ban_duration) and delete.
import { audit } from '../audit.ts';
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Queryable } from '../../db/adapter.ts';
import { addProvider } from '../confirm.ts';
import type { AuthDeps } from '../deps.ts';
import { authError } from '../errors.ts';
import { bool, clientIp, obj, optStr, readBody, str, type Body } from '../http.ts';
import { checkPasswordStrength, hashPassword } from '../password.ts';
import { mergeMetadata } from '../handlers/user-update.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertIdentity,
  loadUserJson,
  type UserRow,
} from '../users.ts';
import { validateEmail, validatePhone } from '../validate.ts';
import { parseGoDuration, requireAdmin, userIdParam } from './require-admin.ts';

async function loadOr404(db: Queryable, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw authError('user_not_found', 'User not found');
  return user;
}

export async function getAdminUser(deps: AuthDeps, c: Context): Promise<Response> {
  await requireAdmin(deps, c);
  const id = userIdParam(c);
  await loadOr404(deps.ctx.db, id);
  return c.json(await loadUserJson(deps.ctx.db, id));
}

interface AdminParams {
  email: string;
  phone: string;
  password?: string;
  emailConfirm?: boolean;
  phoneConfirm?: boolean;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  role?: string;
  banMs?: number | null;
}

function readParams(body: Body): AdminParams {
  const ban = optStr(body, 'ban_duration');
  let banMs: number | null | undefined;
  if (ban !== undefined && ban !== '') {
    if (ban === 'none') banMs = null;
    else {
      banMs = parseGoDuration(ban);
      if (banMs === undefined)
        throw authError(
          'validation_failed',
          `invalid format for ban duration: time: invalid duration "${ban}"`,
        );
    }
  }
  str(body, 'id');
  str(body, 'password_hash');
  return {
    email: str(body, 'email'),
    phone: str(body, 'phone'),
    password: optStr(body, 'password'),
    emailConfirm: bool(body, 'email_confirm'),
    phoneConfirm: bool(body, 'phone_confirm'),
    userMetadata: obj(body, 'user_metadata'),
    appMetadata: obj(body, 'app_metadata'),
    role: optStr(body, 'role'),
    banMs,
  };
}

async function applyBan(tx: Queryable, id: string, banMs: number | null | undefined) {
  if (banMs === undefined) return;
  await tx.query(
    `update auth.users set banned_until = case when $2::float8 is null then null else now() + make_interval(secs => $2::float8 / 1000) end where id = $1`,
    [id, banMs],
  );
  if (banMs !== null) await tx.query('delete from auth.sessions where user_id = $1', [id]);
}

export async function createAdminUser(deps: AuthDeps, c: Context): Promise<Response> {
  await requireAdmin(deps, c);
  const body = await readBody(c);
  const p = readParams(body);
  const id = str(body, 'id') || randomUUID();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw authError('validation_failed', 'ID must conform to the uuid v4 format');
  if (!p.email && !p.phone)
    throw authError('validation_failed', 'Cannot create a user without either an email or phone');
  const email = p.email ? validateEmail(p.email) : '';
  const phone = p.phone ? validatePhone(p.phone) : '';
  if (email && (await findUserByEmail(deps.ctx.db, email)))
    throw authError('email_exists', 'A user with this email address has already been registered');
  if (phone && (await findUserByPhone(deps.ctx.db, phone)))
    throw authError('phone_exists', 'Phone number already registered by another user');
  if (p.password) checkPasswordStrength(deps.ctx.config, p.password);
  const hash = p.password ? await hashPassword(p.password) : '';
  const provider = email ? 'email' : 'phone';
  const providers = [email ? 'email' : null, phone ? 'phone' : null].filter(Boolean);
  await deps.ctx.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, raw_app_meta_data,
         raw_user_meta_data, email_confirmed_at, phone_confirmed_at, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4, $5, $6, $7,
         case when $8 then now() end, case when $9 then now() end, now(), now())`,
      [
        id,
        p.role || 'authenticated',
        email || null,
        phone || null,
        hash,
        JSON.stringify({ ...(p.appMetadata ?? {}), provider, providers }),
        JSON.stringify(p.userMetadata ?? {}),
        !!(email && p.emailConfirm),
        !!(phone && p.phoneConfirm),
      ],
    );
    if (email) await insertIdentity(tx, id, { provider: 'email', email });
    if (phone)
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
         values ($1, $2, $3, 'phone', now(), now())`,
        [id, id, JSON.stringify({ sub: id, phone, email_verified: false, phone_verified: false })],
      );
    if (email && p.emailConfirm)
      await tx.query(
        `update auth.identities set identity_data = identity_data || '{"email_verified": true}' where user_id = $1 and provider = 'email'`,
        [id],
      );
    await applyBan(tx, id, p.banMs);
  });
  return c.json(await loadUserJson(deps.ctx.db, id));
}

export async function updateAdminUser(deps: AuthDeps, c: Context): Promise<Response> {
  await requireAdmin(deps, c);
  const id = userIdParam(c);
  const body = await readBody(c);
  const p = readParams(body);
  const user = await loadOr404(deps.ctx.db, id);
  const email = p.email ? validateEmail(p.email) : '';
  const phone = p.phone ? validatePhone(p.phone) : '';
  if (email && email !== user.email) {
    const other = await findUserByEmail(deps.ctx.db, email);
    if (other && other.id !== id)
      throw authError('email_exists', 'A user with this email address has already been registered');
  }
  if (phone && phone !== user.phone && (await findUserByPhone(deps.ctx.db, phone)))
    throw authError('phone_exists', 'Phone number already registered by another user');
  if (p.password) checkPasswordStrength(deps.ctx.config, p.password);
  const hash = p.password ? await hashPassword(p.password) : undefined;
  await deps.ctx.db.transaction(async (tx) => {
    if (p.role) await tx.query('update auth.users set role = $2 where id = $1', [id, p.role]);
    if (hash !== undefined)
      await tx.query('update auth.users set encrypted_password = $2 where id = $1', [id, hash]);
    if (email && email !== user.email) {
      await tx.query(`update auth.users set email = $2::text, email_change = '' where id = $1`, [
        id,
        email,
      ]);
      const has = await tx.query(
        `select 1 from auth.identities where user_id = $1 and provider = 'email'`,
        [id],
      );
      if (has.rowCount)
        await tx.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text) where user_id = $1 and provider = 'email'`,
          [id, email],
        );
      else await insertIdentity(tx, id, { provider: 'email', email });
      await addProvider(tx, id, 'email');
    }
    if (phone && phone !== user.phone) {
      await tx.query(`update auth.users set phone = $2, phone_change = '' where id = $1`, [
        id,
        phone,
      ]);
      await addProvider(tx, id, 'phone');
    }
    if (p.emailConfirm !== undefined)
      await tx.query(
        `update auth.users set email_confirmed_at = case when $2 then coalesce(email_confirmed_at, now()) end where id = $1`,
        [id, p.emailConfirm],
      );
    if (p.phoneConfirm !== undefined)
      await tx.query(
        `update auth.users set phone_confirmed_at = case when $2 then coalesce(phone_confirmed_at, now()) end where id = $1`,
        [id, p.phoneConfirm],
      );
    if (p.userMetadata)
      await tx.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
        id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, p.userMetadata)),
      ]);
    if (p.appMetadata) {
      const current = (await findUserById(tx, id))!.raw_app_meta_data;
      await tx.query('update auth.users set raw_app_meta_data = $2 where id = $1', [
        id,
        JSON.stringify(mergeMetadata(current, p.appMetadata)),
      ]);
    }
    await applyBan(tx, id, p.banMs);
    await tx.query('update auth.users set updated_at = now() where id = $1', [id]);
  });
  return c.json(await loadUserJson(deps.ctx.db, id));
}

export async function deleteAdminUser(deps: AuthDeps, c: Context): Promise<Response> {
  await requireAdmin(deps, c);
  const id = userIdParam(c);
  const body = await readBody(c);
  const soft = bool(body, 'should_soft_delete') ?? false;
  const target = await loadOr404(deps.ctx.db, id);
  await deps.ctx.db.transaction(async (tx) => {
    await audit(tx, target, 'user_deleted', clientIp(c), {
      user_id: target.id,
      user_email: target.email,
      user_phone: target.phone,
    });
    if (soft) {
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
           raw_user_meta_data = '{}', raw_app_meta_data = '{}', updated_at = now() where id = $1`,
        [id],
      );
      await tx.query('delete from auth.identities where user_id = $1', [id]);
      await tx.query('delete from auth.mfa_factors where user_id = $1', [id]);
      await tx.query('delete from auth.sessions where user_id = $1', [id]);
    } else await tx.query('delete from auth.users where id = $1', [id]);
  });
  return c.json({});
}
