import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { client, inbox, raw, service, uniqueEmail } from './helpers.ts';

describe.each(DRIVERS)('auth admin API on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      config: '[auth]\nsite_url = "http://localhost:3000"\n',
    });
  });
  afterAll(() => stack?.close());

  it('creates, gets, updates, lists and deletes users with the service key', async () => {
    const admin = service(stack).auth.admin;
    const email = uniqueEmail('admin');
    const created = await admin.createUser({
      email,
      password: 'secret-password',
      email_confirm: true,
      user_metadata: { name: 'Grace' },
      app_metadata: { plan: 'pro' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({
      email,
      user_metadata: { name: 'Grace' },
      app_metadata: { plan: 'pro', provider: 'email', providers: ['email'] },
    });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(
      (await client(stack).auth.signInWithPassword({ email, password: 'secret-password' })).error,
    ).toBeNull();

    const got = await admin.getUserById(user.id);
    expect(got.data.user?.id).toBe(user.id);
    const updated = await admin.updateUserById(user.id, {
      user_metadata: { name: 'Grace H.' },
      app_metadata: { plan: 'team' },
      ban_duration: '24h',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata.name).toBe('Grace H.');
    expect(updated.data.user?.app_metadata.plan).toBe('team');
    expect(updated.data.user?.banned_until).toBeTruthy();
    const banned = await client(stack).auth.signInWithPassword({
      email,
      password: 'secret-password',
    });
    expect(banned.error?.code).toBe('user_banned');
    await admin.updateUserById(user.id, { ban_duration: 'none' });
    expect(
      (await client(stack).auth.signInWithPassword({ email, password: 'secret-password' })).error,
    ).toBeNull();
    const badBan = await admin.updateUserById(user.id, { ban_duration: 'forever' });
    expect(badBan.error?.code).toBe('validation_failed');

    for (let i = 0; i < 3; i++)
      await admin.createUser({ email: uniqueEmail('many'), password: 'secret-password' });
    const page = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(2);
    expect((page.data as { total: number }).total).toBeGreaterThanOrEqual(4);
    expect((page.data as { nextPage: number | null }).nextPage).toBe(2);

    const dup = await admin.createUser({ email, password: 'secret-password' });
    expect(dup.error?.code).toBe('email_exists');
    expect(dup.error?.status).toBe(422);

    const phoneUser = await admin.createUser({
      phone: '+15559990000',
      password: 'secret-password',
    });
    expect(phoneUser.error).toBeNull();
    const dupPhone = await admin.createUser({ phone: '15559990000', password: 'secret-password' });
    expect(dupPhone.error?.code).toBe('phone_exists');

    expect((await admin.deleteUser(user.id)).error).toBeNull();
    const gone = await admin.getUserById(user.id);
    expect(gone.error?.code).toBe('user_not_found');
    expect(gone.error?.status).toBe(404);
    const badId = await raw(stack, 'GET', '/admin/users/not-a-uuid', {
      key: stack.keys.serviceRoleKey,
    });
    expect(badId.body.error_code).toBe('validation_failed');
  });

  it('soft-deletes a user: no sign-in, no sessions, row kept with deleted_at', async () => {
    const admin = service(stack).auth.admin;
    const email = uniqueEmail('soft');
    const { data } = await admin.createUser({
      email,
      password: 'secret-password',
      email_confirm: true,
    });
    const session = (
      await client(stack).auth.signInWithPassword({ email, password: 'secret-password' })
    ).data.session!;
    expect((await admin.deleteUser(data.user!.id, true)).error).toBeNull();
    const row = await stack.db.query<{ deleted: boolean }>(
      'select deleted_at is not null as deleted from auth.users where id = $1',
      [data.user!.id],
    );
    expect(row.rows).toEqual([{ deleted: true }]);
    expect(
      (await client(stack).auth.signInWithPassword({ email, password: 'secret-password' })).error
        ?.code,
    ).toBe('invalid_credentials');
    expect(
      (await raw(stack, 'GET', '/user', { bearer: session.access_token })).body.error_code,
    ).toBe('session_not_found');
  });

  it('refuses admin calls with the anon key or a user token', async () => {
    const anon = await client(stack).auth.admin.listUsers();
    expect(anon.error?.code).toBe('not_admin');
    expect(anon.error?.status).toBe(403);
    const email = uniqueEmail('plain');
    const { data } = await client(stack).auth.signUp({ email, password: 'secret-password' });
    const asUser = await raw(stack, 'GET', '/admin/users', { bearer: data.session!.access_token });
    expect(asUser.body).toMatchObject({
      code: 403,
      error_code: 'not_admin',
      msg: 'User not allowed',
    });
    const secret = await raw(stack, 'GET', '/admin/users', { key: stack.keys.secretKey });
    expect(secret.status).toBe(200);
    const apikeyOnly = await fetch(`${stack.url}/auth/v1/admin/users`, {
      headers: { apikey: stack.keys.secretKey },
    });
    expect(apikeyOnly.status).toBe(200);
    const none = await fetch(`${stack.url}/auth/v1/admin/users`, {
      headers: { apikey: stack.keys.anonKey },
    });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error_code: string }).error_code).toBe('no_authorization');
  });

  it('generates links without sending email, and invites by email', async () => {
    const admin = service(stack).auth.admin;
    const email = uniqueEmail('link');
    const { data, error } = await admin.generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    expect(data.properties!.action_link).toContain('/auth/v1/verify?token=');
    expect(data.properties!.verification_type).toBe('signup');
    expect(data.properties!.email_otp).toMatch(/^\d{6}$/);
    expect(data.user!.email).toBe(email);
    expect(await inbox(stack, email)).toEqual([]);
    const res = await fetch(data.properties!.action_link, { redirect: 'manual' });
    expect(
      new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1)).get('access_token'),
    ).toBeTruthy();
    const recovery = await admin.generateLink({ type: 'recovery', email });
    const verified = await client(stack).auth.verifyOtp({
      email,
      token: recovery.data.properties!.email_otp,
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
    const missing = await admin.generateLink({ type: 'recovery', email: uniqueEmail('none') });
    expect(missing.error?.code).toBe('user_not_found');

    const invited = uniqueEmail('invited');
    const inv = await admin.inviteUserByEmail(invited, { data: { team: 'a' } });
    expect(inv.error).toBeNull();
    expect(inv.data.user?.invited_at).toBeTruthy();
    const [mail] = await inbox(stack, invited);
    expect(mail!.subject).toBe('You have been invited');
    const accepted = await client(stack).auth.verifyOtp({
      email: invited,
      token: mail!.code!,
      type: 'invite',
    });
    expect(accepted.error).toBeNull();
  });
});
