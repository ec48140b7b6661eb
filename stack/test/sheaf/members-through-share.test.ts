// A person joins a notebook only through share-notebook, which knows their address and tells
// them. Postgres refuses an owner's direct insert into notebook_members or invitations (so an
// owner cannot add anyone's user id and then read their profile), and the SQL helpers the
// function uses are the service role's alone. The emails say who shared which notebook.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { callFunction } from './support/functions.ts';
import { clientAs, createUser, startSheafStack } from './support/sheaf-stack.ts';
import { buildWorld, type World } from './support/world.ts';

interface Message {
  kind: string;
  subject: string;
  text: string;
  html: string | null;
  link: string | null;
}

describe.each(DRIVERS)('adding people to a notebook on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
  });
  afterAll(() => stack?.close());

  const inbox = async (to: string): Promise<Message[]> => {
    const res = await fetch(`${stack.url}/inbox/api/messages?to=${encodeURIComponent(to)}`);
    return ((await res.json()) as { messages: Message[] }).messages;
  };
  const share = (notebookId: string, email: string, role = 'viewer') =>
    callFunction(stack, 'share-notebook', world.owner, {
      body: { notebook_id: notebookId, email, role },
      aal: 'aal2',
    });
  const isMember = async (notebookId: string, userId: string) =>
    (
      await stack.db.query(
        'select 1 from public.notebook_members where notebook_id = $1 and user_id = $2',
        [notebookId, userId],
      )
    ).rowCount === 1;

  it('refuses an owner who inserts a user id through REST, and keeps their profile hidden', async () => {
    const person = await createUser(stack.db, 'unaware');
    const owner = await clientAs(stack, world.owner, 'aal2');
    const insert = await owner
      .from('notebook_members')
      .insert({ notebook_id: world.notebookId, user_id: person.id, role: 'viewer' });
    expect(insert.status).toBe(403);
    expect(insert.error?.code).toBe('42501');
    expect(await isMember(world.notebookId, person.id)).toBe(false);
    const profile = await owner.from('profiles').select('id, display_name').eq('id', person.id);
    expect(profile.data).toEqual([]);
    const invitation = await owner
      .from('invitations')
      .insert({ notebook_id: world.notebookId, email: person.email, role: 'viewer' });
    expect(invitation.error?.code).toBe('42501');
  });

  it('keeps the function’s SQL helpers from signed-in callers', async () => {
    const person = await createUser(stack.db, 'helperless');
    const owner = await clientAs(stack, world.owner, 'aal2');
    const added = await owner.rpc('add_notebook_member', {
      notebook: world.notebookId,
      member: person.id,
      member_role: 'viewer',
      actor: world.owner.id,
    });
    expect(added.error).not.toBeNull();
    const invited = await owner.rpc('add_notebook_invitation', {
      notebook: world.notebookId,
      address: 'someone@example.com',
      member_role: 'viewer',
      actor: world.owner.id,
    });
    expect(invited.error).not.toBeNull();
    const probe = await owner.rpc('account_by_email', { address: person.email });
    expect(probe.error).not.toBeNull();
    expect(await isMember(world.notebookId, person.id)).toBe(false);
  });

  it('refuses the helpers an actor who does not own the notebook', async () => {
    const person = await createUser(stack.db, 'borrowed');
    const service = stack.service();
    const added = await service.rpc('add_notebook_member', {
      notebook: world.notebookId,
      member: person.id,
      member_role: 'viewer',
      actor: world.editor.id,
    });
    expect(added.error?.code).toBe('42501');
    expect(await isMember(world.notebookId, person.id)).toBe(false);
  });

  it('adds a person through share-notebook and emails them who shared which notebook', async () => {
    const person = await createUser(stack.db, 'told');
    const res = await share(world.notebookId, person.email, 'editor');
    expect(await res.json()).toMatchObject({ status: 'member', added: true, email_sent: true });
    const [mail] = await inbox(person.email);
    expect(mail).toMatchObject({
      kind: 'notebook_shared',
      subject: 'Olivia Owner shared “Research” with you on Sheaf',
      link: `http://127.0.0.1:5173/n/${world.notebookId}`,
    });
    expect(mail!.text).toContain('You can now read and edit its notes and files.');
    const owner = await clientAs(stack, world.owner, 'aal2');
    const profile = await owner.from('profiles').select('id').eq('id', person.id);
    expect(profile.data).toEqual([{ id: person.id }]);
    // Sharing again only changes the role: no second email.
    await share(world.notebookId, person.email, 'viewer');
    expect(await inbox(person.email)).toHaveLength(1);
  });

  it('escapes names in the email’s HTML', async () => {
    const nb = await stack.db.query<{ id: string }>(
      `insert into public.notebooks (name, owner_id) values ('<b>Plans</b> & "ideas"', $1) returning id`,
      [world.owner.id],
    );
    const person = await createUser(stack.db, 'escaped');
    await share(nb.rows[0]!.id, person.email);
    const [mail] = await inbox(person.email);
    expect(mail!.html).toContain('“&lt;b&gt;Plans&lt;/b&gt; &amp; &quot;ideas&quot;”');
    expect(mail!.html).not.toContain('<b>Plans');
  });

  it('invites a new address with an email naming who shared which notebook', async () => {
    const email = `newcomer.${Date.now()}@example.com`;
    const res = await share(world.notebookId, email, 'editor');
    expect(await res.json()).toMatchObject({ status: 'invited', email_sent: true });
    const [mail] = await inbox(email);
    expect(mail!.kind).toBe('invite');
    expect(mail!.subject).toBe('A notebook was shared with you on Sheaf');
    expect(mail!.text).toContain('Olivia Owner invited you to the notebook “Research” on Sheaf');
  });

  it('names the newest notebook when an unconfirmed account is invited again', async () => {
    const pending = await createUser(stack.db, 'pending', { confirmed: false });
    const second = await stack.db.query<{ id: string }>(
      `insert into public.notebooks (name, owner_id) values ('Garden', $1) returning id`,
      [world.owner.id],
    );
    await share(world.notebookId, pending.email);
    await share(second.rows[0]!.id, pending.email);
    const [latest, first] = await inbox(pending.email);
    expect(first!.text).toContain('“Research”');
    expect(latest!.text).toContain('“Garden”');
    const invitations = await stack.db.query(
      'select notebook_id from public.invitations where email = $1 order by created_at',
      [pending.email],
    );
    expect(invitations.rows).toHaveLength(2);
  });
});
