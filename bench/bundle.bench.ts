// The JavaScript each first page needs (issue 16): the production build's entry chunk with
// everything it imports, plus the chunks of the page's modules, gzipped (level 9, as a server
// would send them). Sign-in is the page a new visitor sees first; its budget is 100 KiB. The
// other rows show what each page adds: a notebook up to its first note (the signed-in frame,
// the sidebar and the list, grouped into one chunk by app/build/chunk-groups.ts), then with
// supabase-js's data client (presence, live lists), and the note page. Chunks are found from
// the build's own chunk graph (which chunk holds each module), as app/build/route-preload.ts
// finds them, since a grouped module has no chunk — and no manifest entry — of its own. The
// whole app's JavaScript is the same-run reference. Then what Chromium really fetches before the
// sign-in form is usable, opening `/` and `/sign-in` as a newcomer (bench/sign-in-browser.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { table, type BenchSection } from './lib.ts';
import { signInBrowserSection } from './sign-in-browser.ts';

const FIRST_NOTE = [
  'src/app/signed-in-layout.tsx',
  'src/app/workspace-layout.tsx',
  'src/notebooks/notebooks-sidebar.tsx',
  'src/lib/rest-client.ts',
  'src/notes/notebook-layout.tsx',
  'src/notes/no-note-selected.tsx',
];
const NOTEBOOK = [...FIRST_NOTE, 'src/lib/data-client.ts'];

/** A page and the modules it loads (each with what its chunk imports). */
const PAGES: [string, string[]][] = [
  ['/sign-in', ['src/auth/sign-in-page.tsx']],
  ['/sign-up', ['src/auth/sign-up-page.tsx']],
  ['/n/:notebookId up to its first note (frame, sidebar, the list)', FIRST_NOTE],
  ['/n/:notebookId with the data client (presence, live lists)', NOTEBOOK],
  [
    '/n/:notebookId/:noteId, before the editor loads',
    [...NOTEBOOK, 'src/notes/note-page.tsx', 'src/attachments/attachments-panel.tsx'],
  ],
  ['the CodeMirror editor (loaded on the note route)', ['src/notes/editor/markdown-editor.tsx']],
  ['the markdown renderer (loaded on the note route)', ['src/notes/markdown/markdown.tsx']],
];

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function chunksOf(result: Awaited<ReturnType<typeof build>>): Rolldown.OutputChunk[] {
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output).filter((c) => c.type === 'chunk');
}

export default async function bundleBench(): Promise<BenchSection[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-bundle-'));
  try {
    const app = path.join(import.meta.dirname, '..', 'app');
    process.env.VITE_SUPABASE_URL ??= 'http://127.0.0.1:54321';
    process.env.VITE_SUPABASE_PUBLISHABLE_KEY ??= 'sb_publishable_bench';
    const chunks = chunksOf(
      await build({
        root: app,
        configFile: path.join(app, 'vite.config.ts'),
        logLevel: 'error',
        build: { outDir: dir, emptyOutDir: true, sourcemap: false },
      }),
    );
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const gz = new Map(chunks.map((c) => [c.fileName, gzipSync(c.code, { level: 9 }).length]));
    const closure = (file: string, seen = new Set<string>()) => {
      if (seen.has(file)) return seen;
      seen.add(file);
      for (const next of byFile.get(file)?.imports ?? []) closure(next, seen);
      return seen;
    };
    const size = (files: Set<string>) => [...files].reduce((sum, f) => sum + gz.get(f)!, 0);
    const chunkOf = (source: string) => {
      const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/app/${source}`)));
      if (!chunk) throw new Error(`no chunk holds ${source}`);
      return chunk.fileName;
    };
    const entry = closure(chunks.find((c) => c.isEntry)!.fileName);
    const allJs = size(new Set(gz.keys()));
    const rows = PAGES.map(([label, sources]) => {
      const files = new Set(entry);
      for (const source of sources) closure(chunkOf(source), files);
      const total = size(files);
      const own = total - size(entry);
      return [
        label,
        kib(total),
        kib(own),
        `${files.size}`,
        `${((total / allJs) * 100).toFixed(0)}%`,
      ];
    });
    return [
      {
        title: 'App: JavaScript before each page is usable (gzip)',
        body: [
          'The production build (Preact’s React compatibility layer; routes, the editor, the markdown',
          'renderer, the phone-number library and supabase-js’s data client in chunks of their own:',
          'the entry holds only the auth client; a notebook’s frame, sidebar and list in one',
          '`workspace` chunk). For each page: the entry chunk and all it imports, plus the chunks',
          'holding the page’s modules and all they import, gzipped at level 9, and how many files',
          `that is. Budget for sign-in: 100 KiB. Same-run reference: all of the app’s JavaScript,`,
          `${kib(allJs)}; the entry alone, ${kib(size(entry))} in ${entry.size} files.`,
          '',
          table(['page', 'JavaScript', 'beyond the entry', 'files', 'share of all JS'], rows),
        ].join('\n'),
      },
      await signInBrowserSection(),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
