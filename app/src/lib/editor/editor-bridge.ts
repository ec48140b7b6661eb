// A way for something beside a note's body editor (the comments panel) to see and mark the
// editor without owning it: the page adds `extension` to the editor; the bridge then knows the
// editor's view, tells subscribers when its text or selection changes, draws highlighted ranges
// (mapped through edits until they are set again) and selects a range on request.
import { StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, type DecorationSet } from '@codemirror/view';

export interface Highlight {
  id: string;
  from: number;
  to: number;
  active?: boolean;
}

export interface EditorBridge {
  extension: Extension;
  /** The selection now, or null when nothing is selected (or there is no editor). */
  selection(): { from: number; to: number } | null;
  /** Calls `listener` after each change of the editor's text or selection; returns the undo. */
  subscribe(listener: () => void): () => void;
  setHighlights(ranges: Highlight[]): void;
  /** Selects the range, scrolls it into view and focuses the editor. */
  select(from: number, to: number): void;
}

const setRanges = StateEffect.define<Highlight[]>();

const mark = (h: Highlight) =>
  Decoration.mark({
    class: h.active ? 'cm-comment-range cm-comment-range--active' : 'cm-comment-range',
    attributes: { 'data-thread': h.id },
  });

const highlights = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(set, tr) {
    let next = set.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setRanges)) continue;
      const length = tr.state.doc.length;
      const ranges = effect.value
        .map((h) => ({ ...h, from: Math.min(h.from, length), to: Math.min(h.to, length) }))
        .filter((h) => h.to > h.from)
        .sort((x, y) => x.from - y.from || x.to - y.to);
      next = Decoration.set(ranges.map((h) => mark(h).range(h.from, h.to)));
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const theme = EditorView.baseTheme({
  '.cm-comment-range': {
    backgroundColor: 'rgba(255, 200, 0, 0.25)',
    borderBottom: '2px solid rgba(200, 140, 0, 0.8)',
  },
  '.cm-comment-range--active': { backgroundColor: 'rgba(255, 170, 0, 0.45)' },
});

export function createEditorBridge(): EditorBridge {
  let view: EditorView | null = null;
  let wanted: Highlight[] = [];
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  const plugin = ViewPlugin.define((v) => {
    view = v;
    if (wanted.length)
      queueMicrotask(() => view === v && v.dispatch({ effects: setRanges.of(wanted) }));
    queueMicrotask(notify);
    return {
      update(update) {
        if (update.docChanged || update.selectionSet) notify();
      },
      destroy() {
        if (view === v) view = null;
        notify();
      },
    };
  });
  return {
    extension: [highlights, theme, plugin],
    selection() {
      const main = view?.state.selection.main;
      return main && !main.empty ? { from: main.from, to: main.to } : null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setHighlights(ranges) {
      wanted = ranges;
      view?.dispatch({ effects: setRanges.of(ranges) });
    },
    select(from, to) {
      if (!view) return;
      const length = view.state.doc.length;
      view.dispatch({
        selection: { anchor: Math.min(from, length), head: Math.min(to, length) },
        scrollIntoView: true,
      });
      view.focus();
    },
  };
}
