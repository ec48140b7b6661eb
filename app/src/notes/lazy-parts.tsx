// The heavy parts of a note page, each in its own chunk: the CodeMirror editor and the markdown
// renderer load only when a note is open (never on the sign-in page or the notes list).
import { lazy } from 'react';

export const MarkdownEditor = lazy(() => import('./editor/markdown-editor.tsx'));
export const Markdown = lazy(() =>
  import('./markdown/markdown.tsx').then((m) => ({ default: m.Markdown })),
);

/** Starts loading both while the person is still choosing a note. */
export function preloadNoteParts(): void {
  void import('./editor/markdown-editor.tsx');
  void import('./markdown/markdown.tsx');
}
