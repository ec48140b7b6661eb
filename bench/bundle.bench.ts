// The JavaScript each first page needs (issue 16): the production build's entry chunk with
// everything it imports, plus the route's own chunks, gzipped (level 9, as a server would send
// them). Sign-in is the page a new visitor sees first; its budget is 100 KiB. The other rows
// show what each page adds (signed-in pages with supabase-js's data client, which their routes
// load before rendering), and the whole app's JavaScript is the same-run reference.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { table, type BenchSection } from './lib.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const WORKSPACE = [
  'src/lib/data-client.ts',
  'src/app/signed-in-layout.tsx',
  'src/app/workspace-layout.tsx',
  'src/notebooks/notebooks-sidebar.tsx',
];
const NOTEBOOK = [
  ...WORKSPACE,
  'src/lib/rest-client.ts',
  'src/notes/notebook-layout.tsx',
  'src/sharing/sharing-panel.tsx',
  'src/notes/no-note-selected.tsx',
];

/** A page and the modules its route loads (each with what it imports). */
const PAGES: [string, string[]][] = [
  ['/sign-in', ['src/auth/sign-in-page.tsx']],
  ['/sign-up', ['src/auth/sign-up-page.tsx']],
  ['/n/:notebookId (frame, sidebar, the notes list)', NOTEBOOK],
  [
    '/n/:notebookId/:noteId, before the editor loads',
    [...NOTEBOOK, 'src/notes/note-page.tsx', 'src/attachments/attachments-panel.tsx'],
  ],
  ['the CodeMirror editor (loaded on the note route)', ['src/notes/editor/markdown-editor.tsx']],
  ['the markdown renderer (loaded on the note route)', ['src/notes/markdown/markdown.tsx']],
];

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export default async function bundleBench(): Promise<BenchSection[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-bundle-'));
  try {
    const app = path.join(import.meta.dirname, '..', 'app');
    process.env.VITE_SUPABASE_URL ??= 'http://127.0.0.1:54321';
    process.env.VITE_SUPABASE_PUBLISHABLE_KEY ??= 'sb_publishable_bench';
    await build({
      root: app,
      configFile: path.join(app, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir: dir, emptyOutDir: true, sourcemap: false, manifest: true },
    });
    const manifest = JSON.parse(
      readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
    const gz = (file: string) => gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
    const closure = (key: string, seen = new Set<string>()) => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const next of manifest[key]?.imports ?? []) closure(next, seen);
      return seen;
    };
    const size = (keys: Set<string>) =>
      [...keys].reduce((sum, k) => sum + gz(manifest[k]!.file), 0);
    const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    const entry = closure(entryKey);
    const allJs = readdirSync(path.join(dir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + gz(path.join('assets', f)), 0);
    const rows = PAGES.map(([label, sources]) => {
      const keys = new Set(entry);
      for (const source of sources) {
        const key = Object.keys(manifest).find((k) => k.endsWith(source));
        if (!key) throw new Error(`no chunk for ${source}`);
        closure(key, keys);
      }
      const total = size(keys);
      const own = total - size(entry);
      return [label, kib(total), kib(own), `${((total / allJs) * 100).toFixed(0)}%`];
    });
    return [
      {
        title: 'App: JavaScript before each page is usable (gzip)',
        body: [
          'The production build (Preact’s React compatibility layer; routes, the editor, the markdown',
          'renderer, the phone-number library and supabase-js’s data client in chunks of their own:',
          'the entry holds only the auth client). For each page: the entry',
          'chunk and all it imports, plus the page’s chunks, gzipped at level 9. Budget for sign-in:',
          `100 KiB. Same-run reference: all of the app’s JavaScript, ${kib(allJs)}; the entry alone, ${kib(size(entry))}.`,
          '',
          table(['page', 'JavaScript', 'beyond the entry', 'share of all JS'], rows),
        ].join('\n'),
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
