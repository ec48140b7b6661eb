// The export-data edge function in real Deno: a ZIP (default) with the JSON manifest and the
// files themselves, or JSON with signed URLs; everything the caller owns or wrote and nothing
// else; aal2 required when MFA is on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DRIVERS, clientFor, type TestStack } from '../support/stack.ts';
import { callFunction, readZip } from './support/functions.ts';
import { plainClient, startSheafStack, tokenFor } from './support/sheaf-stack.ts';
import { buildWorld, type World } from './support/world.ts';
import { b64 } from './support/collab.ts';

interface Manifest {
  format: string;
  user: { id: string };
  profile: { id: string; display_name: string; avatar_path: string | null; file?: string };
  notebooks: { id: string; name: string }[];
  members: { user_id: string; role: string }[];
  invitations: { email: string }[];
  memberships: { notebook_id: string; role: string }[];
  notes: { id: string; title: string; body: string }[];
  attachments: { path: string; file?: string; signed_url?: string }[];
}

describe.each(DRIVERS)('export-data on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  let editorNoteId: string;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    const service = plainClient(stack, stack.keys.serviceRoleKey);
    const pdf = new Blob(['%PDF-1.4 sheaf'], { type: 'application/pdf' });
    expect(
      (await service.storage.from('attachments').upload(world.attachmentPath, pdf)).error,
    ).toBeNull();
    const avatar = new Blob([Uint8Array.from([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const avatarPath = `${world.owner.id}/avatar.png`;
    expect((await service.storage.from('avatars').upload(avatarPath, avatar)).error).toBeNull();
    await stack.db.query('update public.profiles set avatar_path = $2 where id = $1', [
      world.owner.id,
      avatarPath,
    ]);
    const note = await stack.db.query<{ id: string }>(
      `insert into public.notes (notebook_id, author_id, title) values ($1, $2, 'Editor''s note') returning id`,
      [world.notebookId, world.editor.id],
    );
    editorNoteId = note.rows[0]!.id;
  });
  afterAll(() => stack?.close());

  it('gives the owner a ZIP with their data and files, as a download', async () => {
    const res = await callFunction(stack, 'export-data', world.owner, {
      method: 'GET',
      aal: 'aal2',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sheaf-export-\d{4}-\d{2}-\d{2}\.zip"; filename\*=UTF-8''sheaf-export-[\d-]+\.zip$/,
    );
    const zip = readZip(await res.arrayBuffer());
    const manifest = JSON.parse(new TextDecoder().decode(zip.get('sheaf-export.json'))) as Manifest;
    expect(manifest.format).toBe('sheaf-export');
    expect(manifest.user.id).toBe(world.owner.id);
    expect(manifest.profile.display_name).toBe('Olivia Owner');
    expect(manifest.notebooks.map((n) => n.id)).toEqual([world.notebookId]);
    expect(manifest.members.map((m) => m.role).sort()).toEqual([
      'commenter',
      'editor',
      'owner',
      'viewer',
    ]);
    expect(manifest.invitations.map((i) => i.email)).toEqual(['pending@example.com']);
    expect(manifest.notes.map((n) => n.id).sort()).toEqual([world.noteId, editorNoteId].sort());
    const [attachment] = manifest.attachments;
    expect(attachment!.file).toBe('Research/First note/paper.pdf');
    expect(new TextDecoder().decode(zip.get(attachment!.file!))).toBe('%PDF-1.4 sheaf');
    expect(manifest.profile.file).toBe('Profile/avatar.png');
    expect(zip.get(manifest.profile.file!)).toEqual(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]));
    expect(new TextDecoder().decode(zip.get('Research/First note.md'))).toContain(
      'attachments:\n  - "First note/paper.pdf"\n---\nHello **world**',
    );
  });

  it('gives an editor only what they wrote and where they are a member, as JSON with signed URLs', async () => {
    const res = await callFunction(stack, 'export-data', world.editor, { query: '?format=json' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sheaf-export-.*\.json"; filename\*=UTF-8''sheaf-export-.*\.json$/,
    );
    const manifest = (await res.json()) as Manifest;
    expect(manifest.notebooks).toEqual([]);
    expect(manifest.memberships).toEqual([
      expect.objectContaining({ notebook_id: world.notebookId, role: 'editor' }),
    ]);
    expect(manifest.notes.map((n) => n.id)).toEqual([editorNoteId]);
    expect(manifest.attachments).toEqual([]);
  });

  it('signs URLs for files in the JSON format', async () => {
    const res = await callFunction(stack, 'export-data', world.owner, {
      query: '?format=json',
      aal: 'aal2',
    });
    const manifest = (await res.json()) as Manifest;
    const url = manifest.attachments[0]!.signed_url!;
    expect(url).toContain('/storage/v1/object/sign/attachments/');
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('%PDF-1.4 sheaf');
  });

  it('refuses an owner with MFA on at aal1, a bad format, and a caller without a user', async () => {
    const weak = await callFunction(stack, 'export-data', world.owner, {
      method: 'GET',
      aal: 'aal1',
    });
    expect(weak.status).toBe(403);
    expect(await weak.json()).toEqual({
      error: { code: 'insufficient_aal', message: expect.any(String) },
    });
    const bad = await callFunction(stack, 'export-data', world.editor, {
      method: 'GET',
      query: '?format=tar',
    });
    expect(bad.status).toBe(400);
    const anon = await callFunction(stack, 'export-data', null, { method: 'GET' });
    expect(anon.status).toBe(401);
  });
});

describe.each(DRIVERS)('files of a deleted notebook on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
  });
  afterAll(() => stack?.close());

  it('are queued when the owner deletes the notebook for good and removed by their next function call', async () => {
    const service = plainClient(stack, stack.keys.serviceRoleKey);
    const blob = new Blob(['x'], { type: 'text/plain' });
    for (const name of ['a.txt', 'b.txt'])
      expect(
        (
          await service.storage
            .from('attachments')
            .upload(`${world.notebookId}/${world.noteId}/${name}`, blob)
        ).error,
      ).toBeNull();
    const token = await tokenFor(stack, world.owner, 'aal2');
    const owner = clientFor(stack.url, stack.keys.anonKey, { token });
    const trashed = await owner
      .from('notebooks')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', world.notebookId);
    expect(trashed.error).toBeNull();
    const deleted = await owner.from('notebooks').delete().eq('id', world.notebookId).select('id');
    expect(deleted.data).toEqual([{ id: world.notebookId }]);
    const objects = () =>
      stack.db.query('select name from storage.objects where name like $1', [
        `${world.notebookId}/%`,
      ]);
    expect((await objects()).rows).toHaveLength(2);
    const res = await callFunction(stack, 'export-data', world.owner, {
      query: '?format=json',
      aal: 'aal2',
    });
    expect(res.status).toBe(200);
    expect((await objects()).rows).toEqual([]);
    const queued = await stack.db.query(
      'select 1 from public.storage_cleanup where owner_id = $1',
      [world.owner.id],
    );
    expect(queued.rows).toEqual([]);
  });

  it('exports a note over the size limit with its whole merged text, not the earlier body', async () => {
    const token = await tokenFor(stack, world.owner, 'aal2');
    const owner = clientFor(stack.url, stack.keys.anonKey, { token });
    const notebook = await owner.from('notebooks').insert({ name: 'Long reads' }).select().single();
    const note = await owner
      .from('notes')
      .insert({ notebook_id: notebook.data!.id, title: 'Draft', body: 'an earlier text' })
      .select('id')
      .single();
    const doc = new Y.Doc();
    const body = `${'The whole text. '.repeat(70_000)}The end.`; // 1.1 MB
    doc.getText('title').insert(0, 'Book');
    doc.getText('body').insert(0, body);
    const stored = await owner.rpc('append_note_update', {
      note: note.data!.id,
      doc_update: b64(Y.encodeStateAsUpdate(doc)),
      after_seq: 0,
      new_title: 'Book',
      too_large: true,
    });
    expect(stored.data).toMatchObject({ seq: 1, body_saved: true });
    const row = await owner
      .from('notes')
      .select('body, body_too_large')
      .eq('id', note.data!.id)
      .single();
    expect(row.data).toEqual({ body: 'an earlier text', body_too_large: true });

    const res = await callFunction(stack, 'export-data', world.owner, {
      query: `?notebook=${notebook.data!.id}`,
      aal: 'aal2',
    });
    expect(res.status).toBe(200);
    const zip = readZip(await res.arrayBuffer());
    const manifest = JSON.parse(new TextDecoder().decode(zip.get('sheaf-export.json'))) as Manifest;
    const exported = manifest.notes.find((n) => n.id === note.data!.id)!;
    expect(exported.title).toBe('Book');
    expect(exported.body).toBe(body);
    const markdown = new TextDecoder().decode(zip.get('Long reads/Book.md'));
    expect(markdown.endsWith(`---\n${body}`)).toBe(true);
  });
});
