// The admin calls auth-js makes as it makes them: listUsers() with no arguments sends empty
// `page` and `per_page` (the defaults), and generateLink / invite store exactly the `data` given
// as the new user's metadata, as Supabase Auth does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { raw, service, uniqueEmail } from './helpers.ts';

describe.each(DRIVERS)('admin users and links as auth-js calls them on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      config: '[auth.email]\nenable_confirmations = true\nmax_frequency = "0s"\n',
    });
  });
  afterAll(() => stack?.close());

  it('lists users with the default page when page and per_page are sent empty', async () => {
    const admin = service(stack).auth.admin;
    await admin.createUser({ email: uniqueEmail('list'), password: 'secret-password' });
    const listed = await admin.listUsers();
    expect(listed.error).toBeNull();
    expect(listed.data.users.length).toBeGreaterThan(0);
    const res = await raw(stack, 'GET', '/admin/users?page=&per_page=', {
      key: stack.keys.serviceRoleKey,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('link')).toContain('per_page=50');
    for (const bad of ['page=0', 'per_page=-1', 'page=two', 'per_page=1.5']) {
      const refused = await raw(stack, 'GET', `/admin/users?${bad}`, {
        key: stack.keys.serviceRoleKey,
      });
      expect(refused.body).toMatchObject({ code: 400, error_code: 'validation_failed' });
    }
  });

  it('stores exactly the data of a generated sign-up link as the new user metadata', async () => {
    const admin = service(stack).auth.admin;
    const data = { status: 'alpha', nested: { plan: 'team' } };
    const email = uniqueEmail('link-data');
    const { data: link, error } = await admin.generateLink({
      type: 'signup',
      email,
      password: 'secret-password',
      options: { data },
    });
    expect(error).toBeNull();
    expect(link.user?.user_metadata).toEqual(data);
    expect(link.user?.identities?.[0]?.identity_data).toMatchObject({
      email,
      email_verified: false,
    });
    // Again for the same unconfirmed user: the new data is merged in, a null removes a key.
    const again = await admin.generateLink({
      type: 'signup',
      email,
      password: 'secret-password',
      options: { data: { status: 'beta', nested: null } },
    });
    expect(again.data.user?.user_metadata).toEqual({ status: 'beta' });
  });

  it('stores exactly the data of an invitation as the invited user metadata', async () => {
    const admin = service(stack).auth.admin;
    const invited = await admin.inviteUserByEmail(uniqueEmail('invite-data'), {
      data: { team: 'a' },
    });
    expect(invited.data.user?.user_metadata).toEqual({ team: 'a' });
    const linked = await admin.generateLink({
      type: 'invite',
      email: uniqueEmail('invite-link'),
      options: { data: { team: 'b' } },
    });
    expect(linked.data.user?.user_metadata).toEqual({ team: 'b' });
  });
});
