// The first paint of a notebook page: the markup index.html's inline script (early-script.ts)
// draws from the page's early REST responses before any of the app's code has run, so a person
// sees their notes as soon as the data is there rather than after the app has loaded. It is the
// app's own markup for that page — the signed-in frame, the sidebar still loading, the notebook's
// name, role, toolbar and list, the note pane — with the same classes and stylesheets, so nothing
// moves when the app takes over (the app removes it in the frame it draws its own page: see
// app/src/lib/early-requests.ts). It is a picture, not the page: inert, so nothing in it can be
// focused or pressed, and hidden from assistive technology until the real page is there.
//
// earlyPageHtml runs inside the inline script (the build writes its source there), so it is one
// self-contained function: no imports, no helpers outside it. It returns null — and nothing is
// drawn — for any response it does not recognise (not a member, an error body). The words come
// from the app's own modules, in EarlyPageText, which the build fills in.

/** The app's words and sizes the page uses, taken from its modules at build time. */
export interface EarlyPageText {
  /** The sentence under a notebook's name, by role. */
  roleLead: Record<string, string>;
  sorts: { value: string; label: string }[];
  /** Notes per page of the list (a full first page means there are more). */
  pageSize: number;
  /** The keys shown for search and a new note, on Apple devices and elsewhere. */
  keys: { apple: { search: string; newNote: string }; other: { search: string; newNote: string } };
  /** The mark of a note over the size limit. */
  overLimit: string;
}

/** What the page is drawn from: the address, the session's user and the first response. */
export interface EarlyPageInput {
  notebookId: string;
  noteId: string | null;
  /** location.search (tag links keep the other parameters). */
  search: string;
  apple: boolean;
  user: { email?: string | null; phone?: string | null };
  /** The page's first request (app/src/notes/data/query-options.ts, fetchFirstPage): the
   * notebook's row or none — an array, or the row itself when asked for as an object — with
   * `me` (the person's membership), `pins` (their pinned notes) and `list` (the first notes). */
  notebook: unknown;
}

export function earlyPageHtml(input: EarlyPageInput, text: EarlyPageText): string | null {
  type Row = {
    id: string;
    notebook_id: string;
    title: string;
    preview: string | null;
    tags: string[];
    updated_at: string;
    body_too_large?: boolean;
  };
  const ENTITIES: Record<string, string> = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#x27;',
  };
  const esc = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
  const isRow = (r: unknown): r is Row => {
    const o = r as Row | null;
    return (
      !!o &&
      typeof o.id === 'string' &&
      typeof o.notebook_id === 'string' &&
      typeof o.title === 'string' &&
      (o.preview === null || typeof o.preview === 'string') &&
      Array.isArray(o.tags) &&
      o.tags.every((t) => typeof t === 'string') &&
      typeof o.updated_at === 'string'
    );
  };

  type FirstPage = { name?: unknown; me?: { role?: unknown }[]; pins?: unknown; list?: unknown };
  const rows = input.notebook;
  const page = (Array.isArray(rows) ? (rows.length === 1 ? rows[0] : null) : rows) as FirstPage;
  if (!page || typeof page.name !== 'string' || !Array.isArray(page.me) || page.me.length !== 1)
    return null;
  const name = page.name;
  const roleValue = page.me[0]!.role;
  if (typeof roleValue !== 'string') return null;
  const role = Object.prototype.hasOwnProperty.call(text.roleLead, roleValue)
    ? roleValue
    : 'viewer';
  const pinnedRows = page.pins;
  const firstNotes = page.list;
  if (!Array.isArray(pinnedRows) || !Array.isArray(firstNotes)) return null;
  if (!pinnedRows.every(isRow) || !firstNotes.every(isRow)) return null;
  const pinned = (pinnedRows as Row[])
    .slice()
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id.localeCompare(a.id));
  const pinnedIds = pinned.map((n) => n.id);
  const rest = (firstNotes as Row[]).filter((n) => pinnedIds.indexOf(n.id) < 0);
  const hasMore = firstNotes.length >= text.pageSize;
  const keys = input.apple ? text.keys.apple : text.keys.other;
  const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

  // NoteListItem (app/src/notes/note-list-item.tsx).
  const item = (note: Row, isPinned: boolean) => {
    const selected = note.id === input.noteId;
    const tagHref = (tag: string) => {
      const params = new URLSearchParams(input.search);
      params.set('tag', tag);
      return `/n/${input.notebookId}?${params.toString()}`;
    };
    const tags = note.tags.length
      ? `<ul class="tag-list" aria-label="Tags">${note.tags
          .map(
            (tag) =>
              `<li><a class="tag" href="${esc(tagHref(tag))}" aria-label="Show notes tagged ${esc(tag)}">#${esc(tag)}</a></li>`,
          )
          .join('')}</ul>`
      : '';
    return (
      `<li class="note-item${selected ? ' note-item--selected' : ''}" data-testid="note-item">` +
      `<div class="note-item__head"><a class="note-item__title" href="${esc(`/n/${note.notebook_id}/${note.id}`)}"` +
      `${selected ? ' aria-current="page"' : ''} data-note-id="${esc(note.id)}">` +
      `${esc(note.title.trim() || 'Untitled note')}</a>` +
      `${isPinned ? '<span class="badge">Pinned</span>' : ''}` +
      `${note.body_too_large === true ? `<span class="badge badge--warning">${esc(text.overLimit)}</span>` : ''}</div>` +
      `${note.preview ? `<p class="note-item__preview">${esc(note.preview)}</p>` : ''}` +
      `<div class="note-item__meta"><time datetime="${esc(note.updated_at)}">` +
      `${esc(when.format(new Date(note.updated_at)))}</time>${tags}</div></li>`
    );
  };
  const items = (rows: Row[], isPinned: boolean) => rows.map((row) => item(row, isPinned)).join('');

  // NotesList (app/src/notes/notes-list.tsx).
  let list = '';
  if (pinned.length === 0 && rest.length === 0 && !hasMore) {
    list = '<p class="empty">No notes yet. Create the first one.</p>';
  } else {
    if (pinned.length > 0)
      list +=
        '<section aria-label="Pinned notes"><h2 class="section-label">Pinned</h2>' +
        `<ul class="note-list">${items(pinned, true)}</ul></section>`;
    if (rest.length > 0 || hasMore)
      list +=
        '<section aria-label="Notes">' +
        (pinned.length > 0 ? '<h2 class="section-label">Notes</h2>' : '') +
        `<ul class="note-list">${items(rest, false)}</ul>` +
        (hasMore
          ? '<div class="load-more-sentinel" aria-hidden="true"></div>' +
            '<button type="button" class="button button--secondary">Load more notes</button>'
          : '') +
        '</section>';
  }

  const loading = (label: string) =>
    '<div class="page-loading" role="status" aria-live="polite">' +
    `<span class="spinner spinner--large" aria-hidden="true"></span><span class="visually-hidden">${esc(label)}</span></div>`;
  const userLabel =
    (input.user.email && input.user.email.trim()) ||
    (input.user.phone && input.user.phone.trim()
      ? `+${input.user.phone.trim().replace(/^\+/, '')}`
      : '') ||
    'Your account';
  const heading = input.noteId ? 'h2' : 'h1';

  // SignedInLayout's header (app/src/app/signed-in-layout.tsx, ui/app-layout.tsx, ui/brand.tsx,
  // notifications/notifications-bell.tsx).
  const header =
    '<header class="app-header app-header--wide"><div class="app-header__inner"><div class="app-header__start">' +
    '<a class="brand" href="/" aria-label="Sheaf home"><svg viewBox="0 0 32 32" aria-hidden="true">' +
    '<rect width="32" height="32" rx="8" fill="var(--primary)"></rect>' +
    '<path d="M9 22c4-1 7-5 8-12 2 5 4 9 6 12" fill="none" stroke="var(--on-primary)" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"></path>' +
    '</svg><span aria-hidden="true">Sheaf</span></a>' +
    '<nav class="app-nav" aria-label="Main"><a href="/">Notebooks</a><a href="/settings">Settings</a></nav></div>' +
    '<div class="app-header__user"><button type="button" class="search-button"><svg viewBox="0 0 20 20" aria-hidden="true">' +
    '<circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" stroke-width="2"></circle>' +
    '<path d="m13 13 4.5 4.5" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg>' +
    `<span class="search-button__label">Search</span><kbd class="search-button__keys">${esc(keys.search)}</kbd></button>` +
    '<div class="notifications"><button type="button" class="icon-button notifications__bell" aria-label="Notifications" aria-expanded="false">' +
    '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M10 3a5 5 0 0 0-5 5v3l-1.5 3h13L15 11V8a5 5 0 0 0-5-5Zm-2 12a2 2 0 0 0 4 0" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"></path></svg></button></div>' +
    '<button type="button" class="icon-button"><span aria-hidden="true">?</span><span class="visually-hidden">Keyboard shortcuts</span></button>' +
    `<span class="app-header__email">${esc(userLabel)}</span>` +
    '<button type="button" class="button button--secondary">Sign out</button></div></div></header>';

  // NotebookLayout (app/src/notes/notebook-layout.tsx) and the note pane: no note open
  // (notes/no-note-selected.tsx), or the open note still loading.
  const notePane = input.noteId
    ? loading('Loading…')
    : '<div class="no-note"><p class="no-note__title">No note open</p><p class="empty">' +
      `Choose a note from the list, press <kbd>${esc(keys.newNote)}</kbd> for a new one, or ` +
      `<kbd>${esc(keys.search)}</kbd> to search every notebook.</p></div>`;
  const view =
    `<div class="notebook-view" data-note-open="${input.noteId ? 'true' : 'false'}">` +
    '<section class="list-pane"><div class="list-pane__head">' +
    '<a class="back-link list-pane__back" href="/"><span aria-hidden="true">←</span> Notebooks</a>' +
    `<div class="list-pane__title"><${heading} class="page-title">${esc(name)}</${heading}>` +
    `<p class="page-lead">${esc(text.roleLead[role]!)}</p><div class="list-pane__presence"></div></div>` +
    '<div class="list-pane__actions">' +
    (role === 'viewer'
      ? ''
      : '<button type="button" class="button button--primary">New note</button>') +
    `<button type="button" class="button button--secondary">${role === 'owner' ? 'Share' : 'People'}</button></div></div>` +
    '<div class="toolbar"><div class="field toolbar__sort"><label class="field__label">Sort by</label>' +
    `<select class="field__input">${text.sorts
      .map((s) => `<option value="${esc(s.value)}">${esc(s.label)}</option>`)
      .join('')}</select></div>` +
    '<form class="toolbar__tag" role="search"><div class="field"><label class="field__label">Filter by tag</label>' +
    '<input class="field__input" value="" placeholder="tag"></div>' +
    '<button type="submit" class="button button--secondary">Filter</button></form></div>' +
    `${list}</section><div class="note-pane">${notePane}</div></div>`;

  // WorkspaceLayout (app/src/app/workspace-layout.tsx): the sidebar is still loading.
  return (
    header +
    '<main class="app-main app-main--wide"><div class="workspace">' +
    `<aside class="workspace__sidebar">${loading('Loading notebooks…')}</aside>` +
    `<div class="workspace__main">${view}</div></div></main>`
  );
}
