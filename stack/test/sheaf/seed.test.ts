// The demo account from seed.sql: it signs in with the documented password and finds a notebook
// of notes that show Sheaf off (tasks, a table, code, tags), with a picture kept as an attachment
// whose bytes the bucket's objects_path seeded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, clientFor, type TestStack } from '../support/stack.ts';
import { startSheafStack } from './support/sheaf-stack.ts';

describe.each(DRIVERS)('the demo account on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
  });
  afterAll(() => stack?.close());

  it('opens on a notebook of notes that show what Sheaf does, picture included', async () => {
    const demo = clientFor(stack.url, stack.keys.anonKey);
    const signedIn = await demo.auth.signInWithPassword({
      email: 'demo@sheaf.local',
      password: 'sheaf-demo-2026',
    });
    expect(signedIn.error).toBeNull();
    const { data: notebooks } = await demo.from('notebooks').select('id, name');
    expect(notebooks).toEqual([{ id: expect.any(String), name: 'Welcome to Sheaf' }]);
    const { data: notes } = await demo
      .from('notes')
      .select('title, body, tags, attachments(path, file_name, mime_type, size_bytes)')
      .eq('notebook_id', notebooks![0]!.id)
      .order('updated_at', { ascending: false });
    expect(notes!.map((n) => n.title)).toEqual([
      'Start here',
      'Markdown in Sheaf',
      'Weekend in Lisbon',
      'Team meeting',
    ]);
    const all = notes!.map((n) => n.body).join('\n');
    for (const feature of ['- [ ] ', '- [x] ', '|---|', '```ts', '~~', '> ', 'zebra', 'café'])
      expect(all).toContain(feature);
    const [start] = notes!;
    const [picture] = start!.attachments as { path: string; size_bytes: number }[];
    expect(start!.body).toContain(`![Sheaf at a glance](attachment:${picture!.path})`);
    const file = await demo.storage.from('attachments').download(picture!.path);
    expect(file.error).toBeNull();
    const text = await file.data!.text();
    expect(text.startsWith('<svg')).toBe(true);
    expect(new TextEncoder().encode(text).length).toBe(picture!.size_bytes);
  });
});
