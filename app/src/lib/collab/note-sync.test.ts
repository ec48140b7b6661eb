// The sync engine's behaviours one at a time, over the in-memory ports (the property test
// covers their combinations).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settle, World } from './testing/harness.ts';

let world: World;
afterEach(() => world?.close());

describe('a note open in the sync engine', () => {
  it('stores an edit, then tells the others it is stored', async () => {
    world = new World();
    const a = await world.client('a');
    const b = await world.client('b');
    a.sync.text.insert(0, 'hello');
    await world.step(50); // the outbox's short window after the join's own messages
    b.channel.deliver();
    expect(b.text).toBe('hello');
    expect(world.server.rows).toHaveLength(1);
    expect(world.server.body).toBe('hello');
    expect(a.sync.status).toMatchObject({ pending: 0, saving: false, refused: null });
  });

  it('keeps edits the database refuses on the device, and says so', async () => {
    world = new World();
    const viewer = await world.client('v', 'read');
    world.server.writers.delete('v');
    viewer.setAccess('edit'); // a client that believes it may write
    viewer.sync.text.insert(0, 'not mine to write');
    await world.step(0);
    expect(viewer.sync.status).toMatchObject({ refused: 'forbidden', pending: 1 });
    expect(viewer.device.pending.size).toBe(1);
    expect(world.server.rows).toHaveLength(0);
  });

  it('writes the body of a large note at most every few seconds while someone types', async () => {
    world = new World();
    const a = await world.client('a');
    a.sync.text.insert(0, 'x'.repeat(500_000));
    await world.step(0);
    const first = world.server.bodySeq;
    expect(first).toBe(1);
    for (let i = 0; i < 10; i += 1) {
      a.sync.text.insert(0, 'y');
      await world.step(200);
    }
    expect(world.server.rows.length).toBeGreaterThan(2);
    expect(world.server.bodySeq).toBe(first);
    await world.step(6000);
    expect(world.server.bodySeq).toBe(world.server.lastSeq);
    expect(world.server.body).toBe(a.text);
  });

  it('shows a viewer that a note has text but no document yet, and the document once seeded', async () => {
    world = new World();
    world.server.body = 'from before';
    const viewer = await world.client('v', 'read');
    expect(viewer.sync.status.documentless).toBe(true);
    const editor = await world.client('e');
    expect(editor.text).toBe('from before');
    await world.step(0);
    viewer.channel.deliver();
    await world.step(30_000);
    expect(viewer.text).toBe('from before');
    expect(viewer.sync.status.documentless).toBe(false);
  });

  it('seeds the document when a viewer of a documentless note becomes an editor', async () => {
    // The role an open page starts with may be an old one (kept on the device): raised to
    // editor, the person must not get an empty document while the note has text.
    world = new World();
    world.server.body = 'from before';
    const member = await world.client('m', 'read');
    expect(member.sync.status.documentless).toBe(true);
    member.setAccess('edit');
    // Seeding reads the local store and the server: as many turns as those take, not a count.
    await vi.waitFor(() => expect(member.sync.status.documentless).toBe(false));
    expect(member.text).toBe('from before');
  });

  it('stops taking edits from a peer who lost edit rights', async () => {
    world = new World();
    const a = await world.client('a');
    const b = await world.client('b');
    a.sync.setPeerAccess('b', 'none');
    b.sync.text.insert(0, 'late');
    await world.step(50);
    a.channel.deliver();
    expect(a.text).toBe('');
  });

  it('stores a peer’s edit itself when the peer never says it stored it', async () => {
    world = new World();
    const a = await world.client('a');
    const b = await world.client('b');
    b.store.online = false; // b's database calls fail while its channel works
    b.sync.text.insert(0, 'only in the air');
    await world.step(50);
    a.channel.deliver();
    expect(a.text).toBe('only in the air');
    await world.vanish(b);
    expect(world.server.rows).toHaveLength(0);
    await world.step(20_000);
    await settle();
    expect(world.server.storedText()).toBe('only in the air');
  });

  it('says what it stored while its channel was down once it joins, in time for one leaving', async () => {
    world = new World();
    const a = await world.client('a');
    const b = await world.client('b');
    b.channel.setOnline(false); // the socket is down; the database calls go through
    b.sync.text.insert(0, 'stored while away');
    await world.step(0);
    expect(world.server.storedText()).toBe('stored while away');
    b.channel.setOnline(true);
    expect(await b.sync.sendNow(3000)).toBe(true);
    await world.vanish(b); // gone at once, as the flush of a note no longer open is
    a.channel.deliver();
    expect(a.text).toBe('');
    await world.step(2000); // not the catch-up every 30 s: the notice brings it
    await settle();
    expect(a.text).toBe('stored while away');
  });

  it('gives up sending before leaving when the channel does not join in time', async () => {
    world = new World();
    const b = await world.client('b');
    b.channel.setOnline(false);
    const sent = b.sync.sendNow(3000);
    await world.step(3000);
    await expect(sent).resolves.toBe(false);
  });

  it('keeps what two tabs of one device typed offline, once both are closed', async () => {
    world = new World();
    const tabA = await world.client('a');
    const tabB = await world.client('a', 'edit', tabA.device);
    tabA.setOnline(false);
    tabB.setOnline(false);
    tabA.sync.text.insert(0, '[one]');
    tabB.sync.text.insert(0, '[two]');
    await world.step(50);
    await world.vanish(tabA);
    await world.vanish(tabB);
    expect(world.server.rows).toHaveLength(0);
    const later = await world.client('a', 'edit', tabA.device);
    await world.quiesce();
    expect(world.server.storedText()).toContain('[one]');
    expect(world.server.storedText()).toContain('[two]');
    expect(later.device.pending.size).toBe(0);
  });

  it('keeps both people’s words when they edit the title at once, and stores the merge', async () => {
    world = new World();
    world.server.title = 'Trip';
    const a = await world.client('a');
    const b = await world.client('b');
    expect(a.title).toBe('Trip');
    a.setOnline(false);
    b.setOnline(false);
    a.sync.title.insert(0, 'Japan ');
    b.sync.title.insert(4, ' plan');
    await world.quiesce();
    expect(a.title).toBe('Japan Trip plan');
    expect(b.title).toBe(a.title);
    expect(world.server.title).toBe(a.title);
    expect(world.server.titleSeq).toBe(world.server.lastSeq);
  });

  it('seeds a title written before the note had a document once, however many open it', async () => {
    world = new World();
    world.server.title = 'Older note';
    world.server.body = 'with a body';
    const editors = await Promise.all(['a', 'b', 'c'].map((user) => world.client(user)));
    await world.quiesce();
    for (const editor of editors) expect(editor.title).toBe('Older note');
    expect(world.server.storedTitle()).toBe('Older note');
    expect(world.server.title).toBe('Older note');
    // Cleared by someone, it stays cleared: a late seed of the same title changes nothing.
    editors[0]!.sync.title.delete(0, editors[0]!.title.length);
    const late = await world.client('d');
    await world.quiesce();
    expect(late.title).toBe('');
    expect(world.server.title).toBe('');
  });

  it('shows a viewer the row’s title until an editor seeds the document’s', async () => {
    world = new World();
    world.server.title = 'Row title';
    const viewer = await world.client('v', 'read');
    expect(viewer.sync.status.titleless).toBe(true);
    await world.client('e');
    await world.quiesce();
    expect(viewer.title).toBe('Row title');
    expect(viewer.sync.status.titleless).toBe(false);
  });

  it('tells everyone in the note the moment the text passes the limit, and the database too', async () => {
    world = new World();
    const a = await world.client('a');
    const b = await world.client('b');
    const viewer = await world.client('v', 'read');
    a.sync.text.insert(0, 'x'.repeat(600_000));
    await world.quiesce();
    expect(world.server.body).toHaveLength(600_000);
    // Each adds half a megabyte, offline: each fits alone, the merge does not.
    a.setOnline(false);
    b.setOnline(false);
    a.sync.text.insert(0, 'a'.repeat(300_000));
    b.sync.text.insert(0, 'b'.repeat(300_000));
    await world.step(1000);
    expect(a.sync.status.bodyTooLarge).toBe(false);
    expect(b.sync.status.bodyTooLarge).toBe(false);
    await world.quiesce();
    for (const client of [a, b, viewer]) expect(client.sync.status.bodyTooLarge).toBe(true);
    expect(world.server.bodyTooLarge).toBe(true);
    // notes.body is the last text that fitted (one person's half merged), and it says so.
    expect(world.server.body).toHaveLength(900_000);
    // Shorter again: the body that fits is written and the flag goes.
    a.sync.text.delete(0, 300_000);
    await world.quiesce();
    for (const client of [a, b, viewer]) expect(client.sync.status.bodyTooLarge).toBe(false);
    expect(world.server.bodyTooLarge).toBe(false);
    expect(world.server.body).toBe(a.text);
  });

  it('writes a changed title at once in a large note, and its body once its interval has passed', async () => {
    world = new World();
    const a = await world.client('a');
    a.sync.text.insert(0, 'x'.repeat(500_000));
    await world.step(0);
    a.sync.text.insert(0, 'y');
    await world.step(200);
    a.sync.title.insert(0, 'Renamed');
    await world.step(200);
    expect(world.server.title).toBe('Renamed');
    expect(world.server.bodySeq).toBeLessThan(world.server.lastSeq);
    await world.step(6000);
    expect(world.server.body).toBe(a.text);
    expect(world.server.bodySeq).toBe(world.server.lastSeq);
  });

  it('stores a title edited on a device before the note loaded, once the note loads', async () => {
    world = new World();
    world.server.title = 'Stored';
    const a = await world.client('a');
    await world.quiesce();
    // Edited while the database is out of reach, then the tab is closed.
    a.store.online = false;
    a.sync.title.delete(0, a.title.length);
    a.sync.title.insert(0, 'Kept locally');
    await world.step(50);
    // Opened again from the device: its pending edit is stored before the first load answers.
    let answer = () => undefined as void;
    world.server.loadGate = new Promise<void>((resolve) => (answer = resolve));
    const reopened = a.reload();
    await world.step(0);
    await world.step(200);
    expect(world.server.rows.length).toBeGreaterThan(1); // stored, title not yet written
    world.server.loadGate = null;
    answer();
    await reopened;
    for (let i = 0; i < 5; i += 1) await world.step(200); // no edits, no flush: only what is owed
    expect(world.server.title).toBe('Kept locally');
  });
});
