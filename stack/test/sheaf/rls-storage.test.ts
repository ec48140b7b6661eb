// The RLS matrix for Sheaf's buckets through the Storage API with supabase-js: every actor ×
// upload / download / list / update / remove in `attachments` (a notebook's files) and `avatars`
// (the owner's folder), asserting allowed or refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import {
  clientAs,
  plainClient,
  startSheafStack,
  type Outcome,
  type TestUser,
} from './support/sheaf-stack.ts';
import { ACTORS, buildWorld, type ActorName, type World } from './support/world.ts';

type StorageOp = 'upload' | 'download' | 'list' | 'update' | 'remove';

const MEMBERS: ActorName[] = ['viewer', 'commenter', 'editor', 'owner'];
const WRITERS: ActorName[] = ['editor', 'owner'];

const EXPECTED: Record<'attachments' | 'avatars', Record<StorageOp, ActorName[]>> = {
  attachments: {
    upload: WRITERS,
    download: MEMBERS,
    list: MEMBERS,
    update: WRITERS,
    remove: WRITERS,
  },
  avatars: {
    upload: ['owner'],
    download: MEMBERS,
    list: MEMBERS,
    update: ['owner'],
    remove: ['owner'],
  },
};

const CASES = (['attachments', 'avatars'] as const).flatMap((bucket) =>
  (Object.keys(EXPECTED[bucket]) as StorageOp[]).flatMap((op) =>
    ACTORS.map((actor) => ({
      bucket,
      op,
      actor,
      expected: (EXPECTED[bucket][op].includes(actor) ? 'allowed' : 'refused') as Outcome,
    })),
  ),
);

const text = (s: string) => new Blob([s], { type: 'text/plain' });
const png = () =>
  new Blob([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], {
    type: 'image/png',
  });

describe.each(DRIVERS)('Sheaf bucket policies (Storage API) on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  let service: SupabaseClient;
  const clients = new Map<ActorName, SupabaseClient>();

  const folderOf = (bucket: 'attachments' | 'avatars') =>
    bucket === 'attachments' ? `${world.notebookId}/${world.noteId}` : world.owner.id;
  const blobFor = (bucket: 'attachments' | 'avatars') => (bucket === 'avatars' ? png() : text('x'));
  const ext = (bucket: 'attachments' | 'avatars') => (bucket === 'avatars' ? 'png' : 'txt');

  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    service = plainClient(stack, stack.keys.serviceRoleKey);
    const users: Record<ActorName, [TestUser | null, 'aal1' | 'aal2']> = {
      anon: [null, 'aal1'],
      stranger: [world.stranger, 'aal1'],
      viewer: [world.viewer, 'aal1'],
      commenter: [world.commenter, 'aal1'],
      editor: [world.editor, 'aal1'],
      owner: [world.owner, 'aal2'],
      'owner-aal1': [world.owner, 'aal1'],
    };
    for (const actor of ACTORS) {
      const [user, aal] = users[actor];
      clients.set(actor, await clientAs(stack, user, aal));
    }
    // One shared object to read and one object per actor to update and to remove.
    for (const bucket of ['attachments', 'avatars'] as const) {
      const names = ['shared', ...ACTORS.flatMap((a) => [`update-${a}`, `remove-${a}`])];
      for (const name of names) {
        const { error } = await service.storage
          .from(bucket)
          .upload(`${folderOf(bucket)}/${name}.${ext(bucket)}`, blobFor(bucket));
        expect(error).toBeNull();
      }
    }
  });
  afterAll(() => stack?.close());

  async function exists(bucket: string, path: string): Promise<boolean> {
    const { data } = await service.storage.from(bucket).download(path);
    return data !== null;
  }

  async function run(
    bucket: 'attachments' | 'avatars',
    op: StorageOp,
    actor: ActorName,
  ): Promise<Outcome> {
    const storage = clients.get(actor)!.storage.from(bucket);
    const folder = folderOf(bucket);
    const e = ext(bucket);
    switch (op) {
      case 'upload': {
        const path = `${folder}/new-${actor}.${e}`;
        const { error } = await storage.upload(path, blobFor(bucket));
        return error ? 'refused' : 'allowed';
      }
      case 'download': {
        const { data, error } = await storage.download(`${folder}/shared.${e}`);
        return !error && data ? 'allowed' : 'refused';
      }
      case 'list': {
        const { data, error } = await storage.list(folder);
        return !error && data?.some((o) => o.name === `shared.${e}`) ? 'allowed' : 'refused';
      }
      case 'update': {
        const { error } = await storage.update(`${folder}/update-${actor}.${e}`, blobFor(bucket));
        return error ? 'refused' : 'allowed';
      }
      case 'remove': {
        const path = `${folder}/remove-${actor}.${e}`;
        await storage.remove([path]);
        return (await exists(bucket, path)) ? 'refused' : 'allowed';
      }
    }
  }

  it.each(CASES)('$bucket: $actor $op is $expected', async ({ bucket, op, actor, expected }) => {
    expect(await run(bucket, op, actor)).toBe(expected);
  });

  it('serves avatars to everyone through the public URL', async () => {
    const url = service.storage.from('avatars').getPublicUrl(`${world.owner.id}/shared.png`)
      .data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('lets every signed-in user write only into their own avatar folder', async () => {
    const stranger = clients.get('stranger')!.storage.from('avatars');
    expect((await stranger.upload(`${world.stranger.id}/me.png`, png())).error).toBeNull();
    expect((await stranger.upload(`${world.viewer.id}/me.png`, png())).error).not.toBeNull();
    expect((await stranger.upload(`${world.stranger.id}/deep/me.png`, png())).error).not.toBeNull();
  });

  it('refuses avatars that are not images or are over 5 MB', async () => {
    const mine = clients.get('stranger')!.storage.from('avatars');
    expect((await mine.upload(`${world.stranger.id}/a.txt`, text('x'))).error).not.toBeNull();
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' });
    expect((await mine.upload(`${world.stranger.id}/big.png`, big)).error).not.toBeNull();
  });

  it('accepts attachment uploads only into an existing note of the notebook', async () => {
    const editor = clients.get('editor')!.storage.from('attachments');
    const ghostNote = '00000000-0000-4000-8000-000000000000';
    expect(
      (await editor.upload(`${world.notebookId}/${ghostNote}/a.txt`, text('x'))).error,
    ).not.toBeNull();
    expect((await editor.upload(`${world.notebookId}/a.txt`, text('x'))).error).not.toBeNull();
  });
});
