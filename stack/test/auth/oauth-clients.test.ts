// The OAuth 2.1 server's client administration, as auth-js's `auth.admin.oauth` drives it and as
// Supabase Auth answers it: on only with `[auth.oauth_server] enabled`, a client's secret shown
// when it is made or replaced and kept as its SHA-256, deletion a soft delete.
import { createHash } from 'node:crypto';
import type { GoTrueAdminApi } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { raw, service } from './helpers.ts';

const ENABLED = '[auth.oauth_server]\nenabled = true\n';
const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');
const admin = (stack: TestStack, path: string, method = 'GET', body?: unknown) =>
  raw(stack, method, `/admin/oauth/clients${path}`, { key: stack.keys.serviceRoleKey, body });

describe.each(DRIVERS)('OAuth client administration on %s', (driver) => {
  let stack: TestStack;
  let oauth: GoTrueAdminApi['oauth'];
  beforeAll(async () => {
    stack = await startTestStack({ driver, config: ENABLED });
    oauth = service(stack).auth.admin.oauth;
  });
  afterAll(() => stack?.close());

  const storedHash = async (id: string) =>
    (
      await stack.db.query<{ client_secret_hash: string | null; deleted: boolean }>(
        'select client_secret_hash, deleted_at is not null as deleted from auth.oauth_clients where id = $1',
        [id],
      )
    ).rows[0];

  it('lists nothing as {} before any client is registered', async () => {
    const res = await admin(stack, '');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it('registers a confidential client, shows its secret once and keeps only its hash', async () => {
    const { data, error } = await oauth.createClient({
      client_name: 'Notes Exporter',
      redirect_uris: ['https://exporter.example/callback', 'http://localhost:3000/cb'],
    });
    expect(error).toBeNull();
    expect(data).toEqual({
      client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      client_type: 'confidential',
      redirect_uris: ['https://exporter.example/callback', 'http://localhost:3000/cb'],
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      client_name: 'Notes Exporter',
      registration_type: 'manual',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await storedHash(data!.client_id)).toEqual({
      client_secret_hash: sha256(data!.client_secret!),
      deleted: false,
    });

    const got = await oauth.getClient(data!.client_id);
    expect(got.error).toBeNull();
    expect(got.data).not.toHaveProperty('client_secret');
    expect(got.data).toMatchObject({ client_id: data!.client_id, client_name: 'Notes Exporter' });
  });

  it('updates only the fields given, and refuses an update that gives none', async () => {
    const { data } = await oauth.createClient({
      client_name: 'Partial',
      redirect_uris: ['https://partial.example/cb'],
    });
    const id = data!.client_id;
    const updated = await oauth.updateClient(id, { logo_uri: 'https://partial.example/logo.png' });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({
      client_name: 'Partial',
      logo_uri: 'https://partial.example/logo.png',
      redirect_uris: ['https://partial.example/cb'],
    });
    const cleared = await admin(stack, `/${id}`, 'PUT', { client_name: '' });
    expect(cleared.body).not.toHaveProperty('client_name');
    const empty = await admin(stack, `/${id}`, 'PUT', { client_name: null });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      error_code: 'validation_failed',
      msg: 'No fields provided for update',
    });
    const method = await admin(stack, `/${id}`, 'PUT', { token_endpoint_auth_method: 'none' });
    expect(method.status).toBe(400);
    expect(method.body.msg).toBe(
      "token_endpoint_auth_method 'none' is not valid for client_type 'confidential'; valid methods: [client_secret_basic client_secret_post]",
    );
    const post = await admin(stack, `/${id}`, 'PUT', {
      token_endpoint_auth_method: 'client_secret_post',
    });
    expect(post.body.token_endpoint_auth_method).toBe('client_secret_post');
  });

  it('replaces a confidential client’s secret, and refuses for a public one', async () => {
    const { data } = await oauth.createClient({
      client_name: 'Rotating',
      redirect_uris: ['https://rotate.example/cb'],
    });
    const regen = await oauth.regenerateClientSecret(data!.client_id);
    expect(regen.error).toBeNull();
    expect(regen.data!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(regen.data!.client_secret).not.toBe(data!.client_secret);
    expect((await storedHash(data!.client_id))!.client_secret_hash).toBe(
      sha256(regen.data!.client_secret!),
    );

    const pub = await oauth.createClient({
      client_name: 'CLI',
      redirect_uris: ['myapp://callback'],
      token_endpoint_auth_method: 'none',
    });
    expect(pub.data).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
    expect(pub.data).not.toHaveProperty('client_secret');
    expect((await storedHash(pub.data!.client_id))!.client_secret_hash).toBeNull();
    const refused = await admin(stack, `/${pub.data!.client_id}/regenerate_secret`, 'POST');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Cannot regenerate secret for public client',
    });
  });

  it('lists the clients newest first, whatever page it is asked for', async () => {
    const { data, error } = await oauth.listClients({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    const rows = await stack.db.query<{ id: string }>(
      'select id from auth.oauth_clients where deleted_at is null order by created_at desc',
    );
    expect(data.clients.map((c) => c.client_id)).toEqual(rows.rows.map((r) => r.id));
    expect(data.clients.length).toBeGreaterThan(2);
    const res = await admin(stack, '?page=1&per_page=2');
    expect(res.headers.get('x-total-count')).toBeNull();
  });

  it('deletes a client softly: it is gone from the API and kept in the table', async () => {
    const { data } = await oauth.createClient({
      client_name: 'Gone',
      redirect_uris: ['https://gone.example/cb'],
    });
    const id = data!.client_id;
    const res = await admin(stack, `/${id}`, 'DELETE');
    expect(res.status).toBe(204);
    expect((await storedHash(id))!.deleted).toBe(true);
    const again = await admin(stack, `/${id}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({
      error_code: 'oauth_client_not_found',
      msg: 'OAuth client not found',
    });
    expect((await oauth.deleteClient(id)).error?.status).toBe(404);
    const listed = await oauth.listClients();
    expect(listed.data.clients.map((c) => c.client_id)).not.toContain(id);
  });

  it.each([
    [{ redirect_uris: [] }, '400: redirect_uris is required'],
    [
      { redirect_uris: ['http://example.com/cb'] },
      "400: invalid redirect_uri 'http://example.com/cb': HTTP scheme only allowed for localhost",
    ],
    [
      { redirect_uris: ['https://example.com/cb#frag'] },
      "400: invalid redirect_uri 'https://example.com/cb#frag': fragment not allowed in redirect URI",
    ],
    [
      { redirect_uris: ['javascript://x/alert'] },
      "400: invalid redirect_uri 'javascript://x/alert': scheme 'javascript' is not allowed for security reasons",
    ],
    [
      { redirect_uris: ['https://a.example/cb'], grant_types: ['implicit'] },
      "400: grant_types must only contain 'authorization_code' and/or 'refresh_token'",
    ],
    [
      { redirect_uris: ['https://a.example/cb'], logo_uri: 'logo.png' },
      '400: logo_uri must be a valid URL',
    ],
    [
      {
        redirect_uris: ['https://a.example/cb'],
        client_type: 'public',
        token_endpoint_auth_method: 'client_secret_basic',
      },
      "400: client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_basic' (expected client_type 'confidential')",
    ],
  ])('refuses the registration %j', async (body, msg) => {
    const res = await admin(stack, '', 'POST', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, error_code: 'validation_failed', msg });
  });

  it('refuses a body that is not the JSON it expects, and a client id that is not a UUID', async () => {
    const bad = await admin(stack, '', 'POST', { redirect_uris: 'https://a.example/cb' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error_code: 'bad_json', msg: 'Invalid JSON body' });
    const id = await admin(stack, '/not-a-uuid');
    expect(id.status).toBe(400);
    expect(id.body).toMatchObject({
      error_code: 'validation_failed',
      msg: 'invalid client_id format',
    });
  });

  it('answers only the service role', async () => {
    const anon = await raw(stack, 'GET', '/admin/oauth/clients');
    expect(anon.status).toBe(403);
    expect(anon.body.error_code).toBe('not_admin');
  });
});

describe.each(DRIVERS)('OAuth server turned off (the default) on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver });
  });
  afterAll(() => stack?.close());

  it('answers 404 feature_disabled to the admin, after checking it is the admin', async () => {
    for (const [method, path] of [
      ['GET', ''],
      ['POST', ''],
      ['GET', '/00000000-0000-0000-0000-000000000000'],
      ['POST', '/not-a-uuid/regenerate_secret'],
    ] as const) {
      const res = await admin(stack, path, method, method === 'POST' ? {} : undefined);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        code: 404,
        error_code: 'feature_disabled',
        msg: 'OAuth server is disabled',
      });
    }
    const anon = await raw(stack, 'GET', '/admin/oauth/clients');
    expect(anon.body.error_code).toBe('not_admin');
  });
});
