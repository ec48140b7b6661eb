// Renders a note's markdown with react-markdown (micromark) and GitHub-flavoured markdown:
// tables, strikethrough, autolinks, task lists (tickable when `onToggleTask` is given, which
// receives the new source), fenced code highlighted by language, headings at their own levels.
// Safe by construction: raw HTML is shown as text, never parsed; URLs other than http(s), mailto,
// relative ones, `attachment:` images and links to notes (`sheaf:note/<id>`, shown with the note's
// current title: links/note-link.tsx) are dropped; nothing uses innerHTML. A mention of a person
// (`[@Ada](sheaf:user/<id>)`) shows as "@Ada", styled, not as a link.
import type { Element, ElementContent } from 'hast';
import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { noteIdOfHref } from '../links/link-syntax.ts';
import { NoteLink } from '../links/note-link.tsx';
import { CodeBlock } from './code-block.tsx';
import { NoteImage } from './note-image.tsx';
import { mentionedUserId } from '../../lib/text/mentions.ts';
import { safeUrl } from './safe-url.ts';
import { setTask } from './task-list.ts';
import './markdown.css';

export interface MarkdownProps {
  source: string;
  /** Called with the new source when a task is ticked; without it tasks are read-only. */
  onToggleTask?(next: string): void;
  /** A displayable URL for an attachment path (images written as `attachment:<path>`). */
  resolveImage?(path: string): Promise<string>;
}

/** The text of a list item without its nested lists (the accessible name of its checkbox). */
function ownText(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' || node.tagName === 'ul' || node.tagName === 'ol') return '';
  return node.children.map(ownText).join('');
}

function codeOf(pre: Element | undefined): { code: string; language: string | null } {
  const code = pre?.children.find((c): c is Element => c.type === 'element');
  const classes = code?.properties.className;
  const language = Array.isArray(classes)
    ? (classes
        .map(String)
        .find((c) => c.startsWith('language-'))
        ?.slice(9) ?? null)
    : null;
  const text = (code?.children ?? []).map(ownText).join('');
  return { code: text.replace(/\n$/, ''), language };
}

export function Markdown({ source, onToggleTask, resolveImage }: MarkdownProps) {
  const components: Components = {
    // A link whose URL was dropped as unsafe stays as its text; a mention is the person's name.
    a: ({ node: _node, href, children, ...props }) =>
      noteIdOfHref(href) ? (
        <NoteLink noteId={noteIdOfHref(href)!}>{children}</NoteLink>
      ) : mentionedUserId(href) ? (
        <span className="markdown__mention">{children}</span>
      ) : href ? (
        <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </a>
      ) : (
        <span className="markdown__unsafe-link">{children}</span>
      ),
    pre: ({ node }) => <CodeBlock {...codeOf(node)} />,
    input: () => null,
    img: ({ src, alt }) => (
      <NoteImage src={typeof src === 'string' ? src : ''} alt={alt ?? ''} resolve={resolveImage} />
    ),
    li: ({ node, className, children }): ReactNode => {
      const box = node?.children.find(
        (c): c is Element => c.type === 'element' && c.tagName === 'input',
      );
      if (!node || !box) return <li className={className}>{children}</li>;
      const offset = node.position?.start.offset;
      const checked = Boolean(box.properties.checked);
      const label = node.children.map(ownText).join('').trim().slice(0, 120) || 'Task';
      return (
        <li className={className}>
          <input
            type="checkbox"
            className="task-box"
            checked={checked}
            disabled={!onToggleTask || offset === undefined}
            aria-label={label}
            onChange={(e) => {
              if (offset !== undefined) onToggleTask?.(setTask(source, offset, e.target.checked));
            }}
          />
          {children}
        </li>
      );
    },
  };
  if (!source.trim())
    return (
      <div className="markdown">
        <p className="empty">Nothing written yet.</p>
      </div>
    );
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} urlTransform={safeUrl} components={components}>
        {source}
      </ReactMarkdown>
    </div>
  );
}
