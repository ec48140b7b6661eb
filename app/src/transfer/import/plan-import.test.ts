import { describe, expect, it } from 'vitest';
import { planImport, type PlannedNote } from './plan-import.ts';
import { renderBody } from './run-import.ts';
import type { SourceFile } from './source-files.ts';
import { normalisePath } from './source-files.ts';

function files(spec: Record<string, string | number>): SourceFile[] {
  return Object.entries(spec).map(([path, content]) => {
    const bytes =
      typeof content === 'number' ? new Uint8Array(0) : new TextEncoder().encode(content);
    return {
      path,
      size: typeof content === 'number' ? content : bytes.length,
      type: '',
      read: async () => bytes,
    };
  });
}

const bodyWith = (note: PlannedNote) =>
  renderBody(
    note,
    note.files.map((f) => `NB/NOTE/${f.name}`),
  );

describe('planImport', () => {
  it('makes a notebook per folder with Markdown files, and a note per file', async () => {
    const plan = await planImport(
      files({
        'Vault/Travel/Lisbon.md': 'Trams',
        'Vault/Travel/Porto.markdown': 'Bridges',
        'Vault/Home.md': 'Hello',
        'Loose.md': 'On its own',
        'Vault/assets/only-images.png': 3,
      }),
    );
    expect(plan.notebooks.map((n) => [n.folder, n.name, n.notes.map((x) => x.title)])).toEqual([
      ['', '', ['Loose']],
      ['Vault', 'Vault', ['Home']],
      ['Vault/Travel', 'Vault / Travel', ['Lisbon', 'Porto']],
    ]);
    expect(plan.skipped).toEqual([
      { source: 'Vault/assets/only-images.png', reason: 'not linked from any note' },
    ]);
  });

  it('keeps the files a note links to as its attachments, with references in place', async () => {
    const plan = await planImport(
      files({
        'Trip/Day one.md':
          '![Map](assets/map%20one.png) and [the ticket](<../tickets/ticket.pdf> "PDF") ' +
          'and <img src="assets/map%20one.png"> and ![[photo.jpg|200]] and [web](https://x.org)',
        'Trip/assets/map one.png': 10,
        'tickets/ticket.pdf': 20,
        'elsewhere/photo.jpg': 30,
      }),
    );
    const note = plan.notebooks[0]!.notes[0]!;
    expect(note.files.map((f) => f.source.path)).toEqual([
      'Trip/assets/map one.png',
      'tickets/ticket.pdf',
      'elsewhere/photo.jpg',
    ]);
    expect(bodyWith(note)).toBe(
      '![Map](attachment:NB/NOTE/map%20one.png) and [the ticket](attachment:NB/NOTE/ticket.pdf "PDF") ' +
        'and <img src="attachment:NB/NOTE/map%20one.png"> and ![photo.jpg](attachment:NB/NOTE/photo.jpg) and [web](https://x.org)',
    );
    expect(plan.skipped).toEqual([]);
  });

  it('reads Sheaf’s own export back: title, tags and listed files from front matter', async () => {
    const plan = await planImport(
      files({
        'Research/Field trip.md': [
          '---',
          'title: "Field trip: day 1"',
          'tags: ["travel", "travel", ""]',
          'attachments:',
          '  - "Field trip/map.png"',
          '  - "Field trip/notes.txt"',
          '---',
          'See ![map](Field%20trip/map.png)',
        ].join('\n'),
        'Research/Field trip/map.png': 5,
        'Research/Field trip/notes.txt': 'x',
        'sheaf-export.json': '{}',
      }),
    );
    const note = plan.notebooks[0]!.notes[0]!;
    expect(note).toMatchObject({ title: 'Field trip: day 1', tags: ['travel'] });
    expect(note.files.map((f) => f.name)).toEqual(['map.png', 'notes.txt']);
    expect(bodyWith(note)).toBe('See ![map](attachment:NB/NOTE/map.png)');
    expect(plan.skipped).toEqual([]);
  });

  it('applies Sheaf’s limits and says why something was left out', async () => {
    const links = Array.from({ length: 22 }, (_, i) => `![](f${i}.png)`).join(' ');
    const plan = await planImport(
      files({
        'A/many.md': `${links} ![](huge.mov)`,
        ...Object.fromEntries(Array.from({ length: 22 }, (_, i) => [`A/f${i}.png`, 1])),
        'A/huge.mov': 60 * 1024 * 1024,
        'A/long.md': 'x'.repeat(1_048_577),
        [`A/${'t'.repeat(300)}.md`]: 'ok',
      }),
    );
    const [many, title] = plan.notebooks[0]!.notes;
    expect(many!.files).toHaveLength(20);
    expect([...title!.title]).toHaveLength(200);
    expect(plan.skipped).toEqual(
      expect.arrayContaining([
        { source: 'A/f20.png', reason: 'a note holds at most 20 files' },
        { source: 'A/huge.mov', reason: 'larger than 50 MB' },
        { source: 'A/long.md', reason: 'longer than a note can be (1 MB)' },
      ]),
    );
  });
});

describe('normalisePath', () => {
  it('keeps relative paths and leaves out hidden files and escapes', () => {
    expect(normalisePath('Vault\\Travel/./Lisbon.md')).toBe('Vault/Travel/Lisbon.md');
    expect(normalisePath('/a/b/../c.md')).toBe('a/c.md');
    expect(normalisePath('../x.md')).toBeNull();
    expect(normalisePath('Vault/.obsidian/app.json')).toBeNull();
    expect(normalisePath('__MACOSX/._a.md')).toBeNull();
  });
});
