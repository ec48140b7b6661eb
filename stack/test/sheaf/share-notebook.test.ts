// The share-notebook edge function in real Deno: owners share with existing accounts (members at
// once) or unknown addresses (pending invitations); everyone else is refused; errors are
// { error: { code, message } } with the right status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { callFunction } from './support/functions.ts';
import { createUser, startSheafStack } from './support/sheaf-stack.ts';
import { buildWorld, type World } from './support/world.ts';

describe.each(DRIVERS)('share-notebook on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
  });
  afterAll(() => stack?.close());

  const share = (body: unknown, as = () => world.owner, aal: 'aal1' | 'aal2' = 'aal2') =>
    callFunction(stack, 'share-notebook', as(), { body, aal });

  it('makes an existing account a member with the requested role', async () => {
    const res = await share({
      notebook_id: world.notebookId,
      email: world.outsider.email.toUpperCase(),
      role: 'viewer',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'member',
      user_id: world.outsider.id,
      role: 'viewer',
      added: true,
      email_sent: true,
    });
    const again = await share({
      notebook_id: world.notebookId,
      email: world.outsider.email,
      role: 'editor',
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ added: false, email_sent: false });
    const { rows } = await stack.db.query(
      'select role from public.notebook_members where notebook_id = $1 and user_id = $2',
      [world.notebookId, world.outsider.id],
    );
    expect(rows).toEqual([{ role: 'editor' }]);
  });

  it('shares as a commenter, with an account or by invitation, and says so in the email', async () => {
    const someone = await createUser(stack.db, `commenting.${Date.now()}`);
    const res = await share({
      notebook_id: world.notebookId,
      email: someone.email,
      role: 'commenter',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'member', role: 'commenter', added: true });
    const { rows } = await stack.db.query(
      'select role from public.notebook_members where notebook_id = $1 and user_id = $2',
      [world.notebookId, someone.id],
    );
    expect(rows).toEqual([{ role: 'commenter' }]);
    const inbox = await fetch(
      `${stack.url}/inbox/api/messages?to=${encodeURIComponent(someone.email)}`,
    );
    const { messages } = (await inbox.json()) as { messages: { text?: string; html?: string }[] };
    expect(JSON.stringify(messages)).toContain('read and comment on its notes');
    const email = `invited.commenter.${Date.now()}@example.com`;
    const invited = await share({ notebook_id: world.notebookId, email, role: 'commenter' });
    expect(await invited.json()).toMatchObject({ status: 'invited', role: 'commenter' });
  });

  it('invites an unknown address by email, and accepting the invitation makes them a member', async () => {
    const email = `newcomer.${Date.now()}@example.com`;
    const res = await share({ notebook_id: world.notebookId, email, role: 'editor' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'invited',
      email,
      role: 'editor',
      email_sent: true,
    });
    const invitation = await stack.db.query(
      'select role, invited_by from public.invitations where notebook_id = $1 and email = $2',
      [world.notebookId, email],
    );
    expect(invitation.rows).toEqual([{ role: 'editor', invited_by: world.owner.id }]);

    const inbox = await fetch(`${stack.url}/inbox/api/messages?to=${encodeURIComponent(email)}`);
    const { messages } = (await inbox.json()) as { messages: { link: string | null }[] };
    expect(messages).toHaveLength(1);
    // Sheaf's invite template links to the app, which verifies the token hash itself (a PKCE
    // app cannot take Auth's /verify redirect: invitations are implicit-flow only).
    const link = new URL(messages[0]!.link!);
    expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:5173/auth/callback');
    expect(link.searchParams.get('type')).toBe('invite');
    expect(new URLSearchParams(link.hash.slice(1)).get('email')).toBe(email);
    const tokenHash = link.searchParams.get('token_hash')!;
    // Not a member until the address is proven by following the link.
    const memberRole = () =>
      stack.db.query<{ role: string }>(
        `select m.role from public.notebook_members m join auth.users u on u.id = m.user_id
         where m.notebook_id = $1 and u.email = $2`,
        [world.notebookId, email],
      );
    expect((await memberRole()).rows).toEqual([]);
    const app = stack.anon();
    const accepted = await app.auth.verifyOtp({ token_hash: tokenHash, type: 'invite' });
    expect(accepted.error).toBeNull();
    expect(accepted.data.user?.user_metadata).toMatchObject({
      invited_to_notebook: world.notebookId,
    });
    expect((await memberRole()).rows).toEqual([{ role: 'editor' }]);
    const notebooks = await app.from('notebooks').select('id').eq('id', world.notebookId);
    expect(notebooks.data).toEqual([{ id: world.notebookId }]);
    const again = await stack.anon().auth.verifyOtp({ token_hash: tokenHash, type: 'invite' });
    expect(again.error?.code).toBe('otp_expired');
    const left = await stack.db.query('select 1 from public.invitations where email = $1', [email]);
    expect(left.rows).toEqual([]);
  });

  it('treats an address whose account is not confirmed as an invitation', async () => {
    const pending = await createUser(stack.db, 'unconfirmed', { confirmed: false });
    const res = await share({
      notebook_id: world.notebookId,
      email: pending.email,
      role: 'viewer',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'invited' });
    const member = await stack.db.query(
      'select 1 from public.notebook_members where notebook_id = $1 and user_id = $2',
      [world.notebookId, pending.id],
    );
    expect(member.rows).toEqual([]);
  });

  it('refuses editors (403), strangers (404) and an owner without aal2 (403)', async () => {
    const body = { notebook_id: world.notebookId, email: 'x@example.com', role: 'viewer' };
    const editor = await share(body, () => world.editor, 'aal1');
    expect(editor.status).toBe(403);
    expect(await editor.json()).toEqual({
      error: { code: 'not_owner', message: expect.any(String) },
    });
    const stranger = await share(body, () => world.stranger, 'aal1');
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as { error: { code: string } }).error.code).toBe(
      'notebook_not_found',
    );
    const weak = await share(body, () => world.owner, 'aal1');
    expect(weak.status).toBe(403);
    expect(((await weak.json()) as { error: { code: string } }).error.code).toBe(
      'insufficient_aal',
    );
    const invited = await stack.db.query('select 1 from public.invitations where email = $1', [
      'x@example.com',
    ]);
    expect(invited.rows).toEqual([]);
  });

  it('answers bad input with 400 and its code, and callers without a user with 401', async () => {
    const cases: [unknown, string][] = [
      [{ notebook_id: 'nope', email: 'a@example.com', role: 'viewer' }, 'invalid_request'],
      [{ notebook_id: world.notebookId, email: 'not-an-email', role: 'viewer' }, 'invalid_email'],
      [{ notebook_id: world.notebookId, email: 'a@example.com', role: 'owner' }, 'invalid_request'],
      [[1, 2], 'invalid_json'],
      [
        { notebook_id: world.notebookId, email: world.owner.email, role: 'viewer' },
        'cannot_share_with_self',
      ],
    ];
    for (const [body, code] of cases) {
      const res = await share(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    const anon = await callFunction(stack, 'share-notebook', null, {
      body: { notebook_id: world.notebookId, email: 'a@example.com', role: 'viewer' },
    });
    expect(anon.status).toBe(401);
    const get = await callFunction(stack, 'share-notebook', world.owner, {
      method: 'GET',
      aal: 'aal2',
    });
    expect(get.status).toBe(405);
  });
});

describe.each(DRIVERS)('Sheaf functions verify the caller themselves on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
  });
  afterAll(() => stack?.close());

  it('answers browsers: CORS preflight and one Access-Control-Allow-Origin on responses', async () => {
    const origin = 'http://localhost:5173';
    const preflight = await fetch(`${stack.url}/functions/v1/export-data`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, content-type, x-client-info',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toMatch(
      /^(\*|http:\/\/localhost:5173)$/,
    );
    const res = await fetch(`${stack.url}/functions/v1/export-data`, {
      method: 'POST',
      headers: { origin, apikey: stack.keys.anonKey },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toMatch(
      /^(\*|http:\/\/localhost:5173)$/,
    );
  });

  it('refuses forged, expired and missing user tokens with 401 in the functions’ error shape', async () => {
    const user = await createUser(stack.db, 'forger');
    const now = Math.floor(Date.now() / 1000);
    const expired = await stack.keys.signAccessToken({
      sub: user.id,
      role: 'authenticated',
      aal: 'aal1',
      iat: now - 7200,
      exp: now - 3600,
    });
    const header = Buffer.from(JSON.stringify({ alg: 'ES256', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: user.id, role: 'authenticated', exp: now + 3600 }),
    ).toString('base64url');
    const forged = `${header}.${payload}.${Buffer.from('not a signature').toString('base64url')}`;
    for (const name of ['share-notebook', 'export-data', 'delete-account'])
      for (const token of [expired, forged, null]) {
        const res = await fetch(`${stack.url}/functions/v1/${name}`, {
          method: 'POST',
          headers: {
            apikey: stack.keys.anonKey,
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ confirm: true }),
        });
        expect(res.status).toBe(401);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
      }
    const still = await stack.db.query('select 1 from auth.users where id = $1', [user.id]);
    expect(still.rows).toHaveLength(1);
  });
});
