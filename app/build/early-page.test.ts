import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { NoteListItem } from '../src/notes/data/types.ts';
import { NoNoteSelected } from '../src/notes/no-note-selected.tsx';
import { NotesList } from '../src/notes/notes-list.tsx';
import { EARLY_PAGE_TEXT } from './early-requests.ts';
import { earlyPageHtml, type EarlyPageInput } from './early-page.ts';

const NOTEBOOK = '0b7f3a4e-1111-4a2b-9c3d-5e6f7a8b9c0d';

function row(n: number, extra: Partial<NoteListItem> = {}) {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    notebook_id: NOTEBOOK,
    author_id: 'a',
    title: `Note ${n}`,
    preview: `About ${n}`,
    tags: [] as string[],
    body_too_large: false,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: `2026-03-${String(10 + (n % 18)).padStart(2, '0')}T12:00:00Z`,
    ...extra,
  };
}

/** The first-page response (fetchFirstPage's request) for a notebook. */
function firstPage({
  role = 'owner',
  name = 'Field notes',
  pins = [] as ReturnType<typeof row>[],
  list = [] as ReturnType<typeof row>[],
} = {}) {
  const mine = [{ user_id: 'u' }];
  return [{ id: NOTEBOOK, name, me: [{ role }], pins: pins.map((n) => ({ ...n, mine })), list }];
}

function input(extra: Partial<EarlyPageInput> = {}): EarlyPageInput {
  return {
    notebookId: NOTEBOOK,
    noteId: null,
    search: '',
    apple: false,
    user: { email: 'ana@example.com' },
    notebook: firstPage(),
    ...extra,
  };
}

/** The list part of the early page (after the toolbar, before the note pane). */
function listOf(html: string): string {
  const start = html.indexOf('</form></div>') + '</form></div>'.length;
  return html.slice(start, html.indexOf('</section><div class="note-pane">'));
}

/** The app's NotesList for the same notes, as React renders it. */
function appList(
  pinned: ReturnType<typeof row>[],
  rest: ReturnType<typeof row>[],
  hasNextPage: boolean,
  selectedId: string | null = null,
) {
  const notes = {
    pinned: pinned.map((n) => ({ ...n, pinned: true })),
    rest: rest.map((n) => ({ ...n, pinned: false })),
    isPending: false,
    error: null,
    hasNextPage,
    isFetchingNextPage: false,
    fetchNextPage: () => undefined,
    refetch: () => undefined,
  } as unknown as Parameters<typeof NotesList>[0]['notes'];
  const tagHref = (tag: string) => `/n/${NOTEBOOK}?${new URLSearchParams({ tag }).toString()}`;
  const html = renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(NotesList, { notes, tag: null, selectedId, tagHref }),
    ),
  );
  // React writes the property's name; HTML attribute names are case-insensitive.
  return html.replaceAll(' dateTime=', ' datetime=');
}

describe('the early page', () => {
  it('draws the list exactly as the app’s NotesList does: pinned first, the rest without them', () => {
    const pinned = [row(3, { tags: ['work', 'a&b'] }), row(7, { preview: null })];
    const notes = [
      row(1),
      row(3),
      row(2, { title: '  ', tags: ['x y'] }),
      row(4, { body_too_large: true }),
    ];
    const html = earlyPageHtml(
      input({ notebook: firstPage({ pins: pinned, list: notes }) }),
      EARLY_PAGE_TEXT,
    )!;
    const rest = notes.filter((n) => n.id !== pinned[0]!.id);
    // Pinned notes most recently edited first, as the app sorts them.
    const sortedPins = [...pinned].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    expect(listOf(html)).toBe(appList(sortedPins, rest, false));
  });

  it('marks the open note, offers more notes after a full page, and escapes what people wrote', () => {
    const notes = Array.from({ length: EARLY_PAGE_TEXT.pageSize }, (_, i) =>
      row(i + 1, { title: i === 0 ? '<script>alert("x")</script> & \'quotes\'' : `Note ${i}` }),
    );
    const open = notes[1]!.id;
    const html = earlyPageHtml(
      input({ notebook: firstPage({ list: notes }), noteId: open }),
      EARLY_PAGE_TEXT,
    )!;
    expect(listOf(html)).toBe(appList([], notes, true, open));
    expect(html).not.toContain('<script>');
    expect(html).toContain('<h2 class="page-title">Field notes</h2>');
    expect(html).toContain('<div class="note-pane"><div class="page-loading"');
  });

  it('says the notebook is empty as the app does', () => {
    const html = earlyPageHtml(input(), EARLY_PAGE_TEXT)!;
    expect(listOf(html)).toBe(appList([], [], false));
  });

  it('shows the note pane’s “No note open” as the app does', () => {
    const html = earlyPageHtml(input(), EARLY_PAGE_TEXT)!;
    const pane = html.slice(
      html.indexOf('<div class="note-pane">') + '<div class="note-pane">'.length,
    );
    expect(pane.startsWith(renderToStaticMarkup(createElement(NoNoteSelected)))).toBe(true);
  });

  it('shows the role’s sentence and its buttons, the account, and the keys of the device', () => {
    const viewer = earlyPageHtml(
      input({
        notebook: firstPage({ role: 'viewer', name: 'Shared' }),
        user: { email: '', phone: '447700900123' },
        apple: true,
      }),
      EARLY_PAGE_TEXT,
    )!;
    expect(viewer).toContain('You can read this notebook.');
    expect(viewer).not.toContain('New note');
    expect(viewer).toContain('>People</button>');
    expect(viewer).toContain('<span class="app-header__email">+447700900123</span>');
    expect(viewer).toContain('<kbd class="search-button__keys">⌘K</kbd>');
    const owner = earlyPageHtml(input(), EARLY_PAGE_TEXT)!;
    expect(owner).toContain('>New note</button>');
    expect(owner).toContain('>Share</button>');
    expect(owner).toContain('<kbd class="search-button__keys">Ctrl+K</kbd>');
  });

  it('draws nothing for responses it does not recognise', () => {
    const text = EARLY_PAGE_TEXT;
    expect(earlyPageHtml(input({ notebook: [] }), text)).toBeNull();
    expect(earlyPageHtml(input({ notebook: null }), text)).toBeNull();
    expect(earlyPageHtml(input({ notebook: { message: 'JWT expired' } }), text)).toBeNull();
    const [page] = firstPage();
    expect(earlyPageHtml(input({ notebook: [{ ...page, me: [] }] }), text)).toBeNull();
    expect(earlyPageHtml(input({ notebook: [{ ...page, list: null }] }), text)).toBeNull();
    expect(earlyPageHtml(input({ notebook: [{ ...page, list: [{ id: 1 }] }] }), text)).toBeNull();
    expect(earlyPageHtml(input({ notebook: [{ ...page, pins: [null] }] }), text)).toBeNull();
    // The row itself, as when asked for as an object, is drawn like the array.
    expect(earlyPageHtml(input({ notebook: page }), text)).toBe(earlyPageHtml(input(), text));
  });

  it('is one self-contained function (the inline script carries its source)', () => {
    const copy = new Function(`return (${earlyPageHtml.toString()})`)() as typeof earlyPageHtml;
    const page = input({ notebook: firstPage({ list: [row(1)] }) });
    expect(copy(page, EARLY_PAGE_TEXT)).toBe(earlyPageHtml(page, EARLY_PAGE_TEXT));
  });
});
