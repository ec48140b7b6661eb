// The export as Markdown: the archive's layout (a folder per notebook, a file per note with front
// matter, each note's files beside it and linked by relative paths, safe and unique names), and
// exporting one notebook through the function, as a member, in real Deno.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  planArchive,
  rewriteAttachmentLinks,
  safeName,
} from '../../../supabase/functions/export-data/markdown.ts';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { callFunction, readZip } from './support/functions.ts';
import { plainClient, startSheafStack } from './support/sheaf-stack.ts';
import { buildWorld, type World } from './support/world.ts';

const NB = '11111111-1111-4111-8111-111111111111';
const note = (id: string, title: string, body = '', extra: Record<string, unknown> = {}) => ({
  id,
  notebook_id: NB,
  title,
  body,
  tags: [],
  created_at: `2026-01-0${id.slice(-1)}T00:00:00Z`,
  updated_at: '2026-02-01T00:00:00Z',
  ...extra,
});

describe('the Markdown layout of an export', () => {
  it('names files safely, keeping what can be kept', () => {
    expect(safeName('Plans: 2026/27 <draft>?')).toBe('Plans- 2026-27 -draft-');
    expect(safeName('  ..hidden  ')).toBe('hidden');
    expect(safeName('résumé 😀')).toBe('résumé 😀');
    expect(safeName('')).toBe('Untitled');
    expect(safeName('CON')).toBe('Untitled');
    expect([...safeName('x'.repeat(300))]).toHaveLength(100);
  });

  it('lays out a folder per notebook and a file per note, with unique names', () => {
    const plan = planArchive({
      notebooks: [{ id: NB, name: 'Research' }],
      otherNotebooks: [{ id: 'other', name: 'Team / shared' }],
      notes: [
        note('n1', 'Plan'),
        note('n2', 'plan'),
        note('n3', ''),
        note('n4', 'Gone'),
        { ...note('n5', 'Theirs'), notebook_id: 'other' },
      ],
      attachments: [],
      trashed: new Set(['n4']),
    });
    expect(plan.notes.map((n) => n.file)).toEqual([
      'Research/Plan.md',
      'Research/plan (2).md',
      'Research/Untitled.md',
      'Shared with me/Team - shared/Theirs.md',
    ]);
  });

  it('writes front matter a YAML reader understands, then the body as it is', () => {
    const plan = planArchive({
      notebooks: [{ id: NB, name: 'Research' }],
      otherNotebooks: [],
      notes: [note('n1', 'Say "hi": now', '# Body\n\ntext', { tags: ['a', 'b c'] })],
      attachments: [],
      trashed: new Set(),
    });
    expect(plan.notes[0]!.text).toBe(
      [
        '---',
        'title: "Say \\"hi\\": now"',
        'tags: ["a", "b c"]',
        'created: "2026-01-01T00:00:00Z"',
        'updated: "2026-02-01T00:00:00Z"',
        '---',
        '# Body',
        '',
        'text',
      ].join('\n'),
    );
  });

  it('puts each note’s files beside it and links them by relative path', () => {
    const path = (name: string) => `${NB}/n1/${name}`;
    const plan = planArchive({
      notebooks: [{ id: NB, name: 'Research' }],
      otherNotebooks: [],
      notes: [
        note('n1', 'Field trip', `See ![map](attachment:${encodeURI(path('x-map.png'))}) and more`),
      ],
      attachments: [
        { note_id: 'n1', path: path('x-map.png'), file_name: 'map.png' },
        { note_id: 'n1', path: path('y-map.png'), file_name: 'map.png' },
      ],
      trashed: new Set(),
    });
    expect(plan.attachments.map((a) => a.file)).toEqual([
      'Research/Field trip/map.png',
      'Research/Field trip/map (2).png',
    ]);
    const text = plan.notes[0]!.text;
    expect(text).toContain('See ![map](Field%20trip/map.png) and more');
    expect(text).toContain('attachments:\n  - "Field trip/map.png"\n  - "Field trip/map (2).png"');
  });

  it('turns links between notes into relative links to their files, with the current title', () => {
    const a = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    const b = '3f2504e0-4f89-41d3-9a0c-0305e82c3302';
    const gone = '3f2504e0-4f89-41d3-9a0c-0305e82c3303';
    const plan = planArchive({
      notebooks: [{ id: NB, name: 'Research' }],
      otherNotebooks: [{ id: 'other', name: 'Team [x]' }],
      notes: [
        note(
          a,
          'Index',
          `See [Old \\[name\\]](sheaf:note/${b.toUpperCase()}), [Lost](sheaf:note/${gone}).`,
        ),
        {
          ...note(b, 'Field [trip]', 'Back to [the index](sheaf:note/' + a + ')'),
          notebook_id: 'other',
        },
      ],
      attachments: [],
      trashed: new Set(),
    });
    const text = (name: string) => plan.notes.find((n) => n.file === name)!.text;
    expect(text('Research/Index.md')).toContain(
      `See [Field \\[trip\\]](../Shared%20with%20me/Team%20%5Bx%5D/Field%20%5Btrip%5D.md), [Lost](sheaf:note/${gone}).`,
    );
    expect(text('Shared with me/Team [x]/Field [trip].md')).toContain(
      'Back to [Index](../../Research/Index.md)',
    );
  });

  it('leaves links to files it does not have untouched', () => {
    expect(rewriteAttachmentLinks('![x](attachment:a/b/c.png)', new Map())).toBe(
      '![x](attachment:a/b/c.png)',
    );
  });
});

describe.each(DRIVERS)('exporting one notebook on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    const service = plainClient(stack, stack.keys.serviceRoleKey);
    const png = new Blob([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], {
      type: 'image/png',
    });
    const imagePath = `${world.notebookId}/${world.noteId}/abc-diagram.png`;
    expect((await service.storage.from('attachments').upload(imagePath, png)).error).toBeNull();
    await stack.db.query(
      `insert into public.attachments (note_id, notebook_id, path, file_name, size_bytes, mime_type, created_by)
       values ($1, $2, $3, 'diagram.png', 7, 'image/png', $4)`,
      [world.noteId, world.notebookId, imagePath, world.owner.id],
    );
    await stack.db.query(`update public.notes set body = $2 where id = $1`, [
      world.noteId,
      `Hello **world**\n\n![Diagram](attachment:${encodeURI(imagePath)})`,
    ]);
    await stack.db.query(`update public.notebooks set name = 'Récits & "notes"' where id = $1`, [
      world.notebookId,
    ]);
  });
  afterAll(() => stack?.close());

  it('gives a member the notebook as Markdown with its files, named after it', async () => {
    const res = await callFunction(stack, 'export-data', world.viewer, {
      method: 'GET',
      query: `?notebook=${world.notebookId}`,
    });
    expect(res.status).toBe(200);
    const disposition = res.headers.get('content-disposition')!;
    const [, star] = /filename\*=UTF-8''(.+)$/.exec(disposition)!;
    expect(decodeURIComponent(star!)).toMatch(/^Récits & -notes- \d{4}-\d{2}-\d{2}\.zip$/);
    const zip = readZip(await res.arrayBuffer());
    const folder = 'Récits & -notes-';
    const markdown = new TextDecoder().decode(zip.get(`${folder}/First note.md`));
    expect(markdown).toContain('title: "First note"\ntags: ["intro"]');
    expect(markdown).toContain('![Diagram](First%20note/diagram.png)');
    expect(zip.get(`${folder}/First note/diagram.png`)).toEqual(
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
    );
    const manifest = JSON.parse(new TextDecoder().decode(zip.get('sheaf-export.json'))) as {
      notebook_id: string;
      notebooks: { id: string }[];
      profile: unknown;
    };
    expect(manifest.notebook_id).toBe(world.notebookId);
    expect(manifest.notebooks.map((n) => n.id)).toEqual([world.notebookId]);
    expect(manifest.profile).toBeNull();
  });

  it('answers 404 for a notebook the caller cannot read and 400 for a malformed id', async () => {
    const stranger = await callFunction(stack, 'export-data', world.stranger, {
      method: 'GET',
      query: `?notebook=${world.notebookId}`,
    });
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as { error: { code: string } }).error.code).toBe(
      'notebook_not_found',
    );
    const bad = await callFunction(stack, 'export-data', world.viewer, {
      method: 'GET',
      query: '?notebook=nope',
    });
    expect(bad.status).toBe(400);
  });
});
