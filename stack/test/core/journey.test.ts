// Issue 2's promise through the client an app uses: an account's whole life on the stack, with
// row-level security deciding who reads and writes, and everything surviving a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRIVERS,
  clientFor,
  createTestDatabase,
  makeWorkdir,
  startTestStack,
  type TestStack,
} from '../support/stack.ts';

const CONFIG = `
[auth]
site_url = "http://127.0.0.1:3000"
minimum_password_length = 8
[auth.email]
enable_confirmations = false
`;

const NOTES = `
create table public.notes (
  id bigint generated always as identity primary key,
  owner uuid not null default auth.uid() references auth.users (id) on delete cascade,
  body text not null
);
alter table public.notes enable row level security;
create policy "own notes: read" on public.notes for select to authenticated using (owner = auth.uid());
create policy "own notes: write" on public.notes for insert to authenticated with check (owner = auth.uid());
`;

describe.each(DRIVERS)('an account on %s', (driver) => {
  const workdir = makeWorkdir({
    config: CONFIG,
    migrations: { '20240101000000_notes.sql': NOTES },
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-journey-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let stack: TestStack;
  const start = () =>
    startTestStack({
      driver,
      workdir,
      dataDir: driver === 'pglite' ? dataDir : undefined,
      databaseUrl: database?.url,
    });

  beforeAll(async () => {
    if (driver === 'postgres') database = await createTestDatabase();
    stack = await start();
  });
  afterAll(async () => {
    await stack?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.dirname(workdir), { recursive: true, force: true });
  });

  it('signs up, reads itself, refreshes, signs out and signs in again', async () => {
    const client = stack.anon();
    const { data: signUp, error } = await client.auth.signUp({
      email: 'ada@example.com',
      password: 'correct-horse-1',
    });
    expect(error).toBeNull();
    expect(signUp.session?.access_token).toBeTruthy();
    expect(signUp.user?.email).toBe('ada@example.com');

    const { data: me } = await client.auth.getUser();
    expect(me.user?.id).toBe(signUp.user!.id);

    const { data: refreshed, error: refreshError } = await client.auth.refreshSession();
    expect(refreshError).toBeNull();
    expect(refreshed.session?.refresh_token).not.toBe(signUp.session!.refresh_token);

    expect((await client.auth.signOut()).error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();

    const { data: again, error: signInError } = await client.auth.signInWithPassword({
      email: 'ada@example.com',
      password: 'correct-horse-1',
    });
    expect(signInError).toBeNull();
    expect(again.user?.id).toBe(signUp.user!.id);
  });

  it('refuses a wrong password, a taken email and a weak password with Supabase error codes', async () => {
    const client = stack.anon();
    const wrong = await client.auth.signInWithPassword({
      email: 'ada@example.com',
      password: 'wrong-password-1',
    });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);

    const taken = await client.auth.signUp({
      email: 'ada@example.com',
      password: 'another-pass-1',
    });
    expect(taken.error?.code).toBe('user_already_exists');
    expect(taken.error?.status).toBe(422);

    const weak = await client.auth.signUp({ email: 'bob@example.com', password: 'short' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
  });

  it('lets row-level security decide: one user cannot read or write another user’s rows', async () => {
    const ada = stack.anon();
    await ada.auth.signInWithPassword({ email: 'ada@example.com', password: 'correct-horse-1' });
    const bob = stack.anon();
    const { data: bobUp } = await bob.auth.signUp({
      email: 'bob@example.com',
      password: 'bobs-password-1',
    });

    const inserted = await ada.from('notes').insert({ body: 'ada’s secret' }).select().single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ body: 'ada’s secret' });

    expect((await bob.from('notes').select('*')).data).toEqual([]);
    const forged = await bob.from('notes').insert({ body: 'as ada', owner: inserted.data!.owner });
    expect(forged.error?.code).toBe('42501');
    expect(forged.status).toBe(403);
    expect(
      (await bob.from('notes').insert({ body: 'bob’s own', owner: bobUp.user!.id })).error,
    ).toBeNull();

    const anon = stack.anon();
    expect((await anon.from('notes').select('*')).data).toEqual([]);
    const anonWrite = await anon.from('notes').insert({ body: 'nobody' });
    expect(anonWrite.status).toBe(401);
    expect((await ada.from('notes').select('body')).data).toEqual([{ body: 'ada’s secret' }]);
  });

  it('keeps users and rows across a restart', async () => {
    await stack.stop();
    stack = await start();
    const ada = stack.anon();
    const { error } = await ada.auth.signInWithPassword({
      email: 'ada@example.com',
      password: 'correct-horse-1',
    });
    expect(error).toBeNull();
    expect((await ada.from('notes').select('body')).data).toEqual([{ body: 'ada’s secret' }]);
  });

  it('accepts the publishable key as well as the legacy anon key', async () => {
    const client = clientFor(stack.url, stack.keys.publishableKey);
    const { error } = await client.auth.signInWithPassword({
      email: 'ada@example.com',
      password: 'correct-horse-1',
    });
    expect(error).toBeNull();
    expect((await client.from('notes').select('body')).data).toEqual([{ body: 'ada’s secret' }]);
  });
});
