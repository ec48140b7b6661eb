// Live preview in place: the markdown shows rendered while it is written, as in Obsidian or
// HackMD's single pane. Headings take their size, **strong**, *emphasis*, ~~struck~~, `code` and
// links look like what they are, quotes and code blocks are set apart — and the markup itself
// (`#`, `**`, `` ` ``, a link's `](url)`) is hidden wherever the cursor is not, so the text reads
// as a document; moving into a piece shows its markup again for editing. The text is never
// changed: hidden markup stays in the document (and the DOM), only styled out of sight, so
// search, copying, collaboration and the size limit all see the markdown as written.
import { syntaxTree } from '@codemirror/language';
import type { EditorState, Range } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  ViewPlugin,
  type DecorationSet,
  type ViewUpdate,
} from '@codemirror/view';

const hidden = Decoration.mark({ class: 'cm-md-hidden' });
const marks = {
  Emphasis: Decoration.mark({ class: 'cm-md-em' }),
  StrongEmphasis: Decoration.mark({ class: 'cm-md-strong' }),
  Strikethrough: Decoration.mark({ class: 'cm-md-strike' }),
  InlineCode: Decoration.mark({ class: 'cm-md-code' }),
  Link: Decoration.mark({ class: 'cm-md-link' }),
} as const;
const lines = {
  heading: [1, 2, 3, 4, 5, 6].map((level) =>
    Decoration.line({ class: `cm-md-heading cm-md-h${level}` }),
  ),
  quote: Decoration.line({ class: 'cm-md-quote' }),
  code: Decoration.line({ class: 'cm-md-codeblock' }),
};

/** Whether any selection range touches [from, to] (its ends included). */
function touched(state: EditorState, from: number, to: number): boolean {
  return state.selection.ranges.some((range) => range.from <= to && range.to >= from);
}

/** Whether the cursor is on any line of [from, to]. */
function onLines(state: EditorState, from: number, to: number): boolean {
  const first = state.doc.lineAt(from).from;
  const last = state.doc.lineAt(to).to;
  return touched(state, first, last);
}

function build(view: EditorView): DecorationSet {
  const { state } = view;
  // Hidden markup needs a place the cursor is not: while the editor has no focus, its selection
  // still counts (it returns there), so the piece being edited keeps its markup.
  const found: Range<Decoration>[] = [];
  for (const { from, to } of view.visibleRanges) {
    syntaxTree(state).iterate({
      from,
      to,
      enter(node) {
        const name = node.name;
        const heading = /^ATXHeading([1-6])$/.exec(name);
        if (heading) {
          const level = Number(heading[1]);
          found.push(lines.heading[level - 1]!.range(state.doc.lineAt(node.from).from));
          if (!onLines(state, node.from, node.to)) {
            const mark = node.node.getChild('HeaderMark');
            if (mark) {
              // The mark and the space after it.
              const end = Math.min(mark.to + 1, node.to);
              if (end > mark.from) found.push(hidden.range(mark.from, end));
            }
          }
          return;
        }
        if (name === 'Blockquote' || name === 'FencedCode' || name === 'CodeBlock') {
          const style = name === 'Blockquote' ? lines.quote : lines.code;
          for (let pos = node.from; pos <= node.to;) {
            const line = state.doc.lineAt(pos);
            found.push(style.range(line.from));
            pos = line.to + 1;
          }
          // A quote's inline content is still walked; a code block's is its own.
          return name === 'Blockquote';
        }
        if (name === 'Link') {
          const open = node.node.firstChild;
          const close = node.node.getChildren('LinkMark')[1];
          // Only `[label](target)` links: a bare URL or a reference stays as typed.
          if (!open || open.name !== 'LinkMark' || !close || close.from <= open.to) return;
          if (!node.node.getChild('URL')) return;
          found.push(marks.Link.range(open.to, close.from));
          if (!touched(state, node.from, node.to)) {
            found.push(hidden.range(node.from, open.to));
            found.push(hidden.range(close.from, node.to));
          }
          return false;
        }
        if (name in marks && name !== 'Link') {
          found.push(marks[name as keyof typeof marks].range(node.from, node.to));
          if (!touched(state, node.from, node.to)) {
            const markName =
              name === 'InlineCode'
                ? 'CodeMark'
                : name === 'Strikethrough'
                  ? 'StrikethroughMark'
                  : 'EmphasisMark';
            for (const mark of node.node.getChildren(markName))
              if (mark.to > mark.from) found.push(hidden.range(mark.from, mark.to));
          }
        }
      },
    });
  }
  return Decoration.set(found, true);
}

export const livePreview = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = build(view);
    }
    update(update: ViewUpdate) {
      if (
        update.docChanged ||
        update.selectionSet ||
        update.viewportChanged ||
        syntaxTree(update.startState) !== syntaxTree(update.state)
      )
        this.decorations = build(update.view);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/** How the rendered pieces look (on Sheaf's colour variables, so dark mode follows). */
export const livePreviewTheme = EditorView.theme({
  '.cm-md-hidden': { display: 'none' },
  '.cm-md-heading': { fontWeight: '700', lineHeight: '1.3' },
  '.cm-md-h1': { fontSize: '1.6em', paddingTop: '0.4em !important' },
  '.cm-md-h2': { fontSize: '1.35em', paddingTop: '0.35em !important' },
  '.cm-md-h3': { fontSize: '1.15em', paddingTop: '0.3em !important' },
  '.cm-md-strong': { fontWeight: '700' },
  '.cm-md-em': { fontStyle: 'italic' },
  '.cm-md-strike': { textDecoration: 'line-through' },
  '.cm-md-code': {
    fontFamily: 'var(--mono)',
    fontSize: '0.9em',
    backgroundColor: 'var(--surface-2)',
    borderRadius: '4px',
    padding: '0 2px',
  },
  '.cm-md-link': { color: 'var(--primary)', textDecoration: 'underline' },
  '.cm-md-quote': {
    borderLeft: '3px solid var(--border)',
    color: 'var(--muted)',
  },
  '.cm-md-codeblock': {
    fontFamily: 'var(--mono)',
    fontSize: '0.9em',
    backgroundColor: 'var(--surface-2)',
  },
});
