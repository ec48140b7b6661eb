// Renders a note's markdown as React elements. Every piece of text is a React text node (never
// HTML), links open only http(s) and mailto URLs, so a note cannot inject scripts or handlers.
import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline } from './parse-markdown.ts';

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'br':
        return <br key={i} />;
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'strong':
        return <strong key={i}>{inline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{inline(node.children)}</em>;
      case 'link':
        return node.href ? (
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {inline(node.children)}
          </a>
        ) : (
          <span key={i}>{inline(node.children)}</span>
        );
    }
  });
}

function block(node: Block, i: number): ReactNode {
  switch (node.type) {
    case 'heading': {
      const Tag = `h${Math.min(node.level + 1, 6)}` as 'h2';
      return <Tag key={i}>{inline(node.children)}</Tag>;
    }
    case 'paragraph':
      return <p key={i}>{inline(node.children)}</p>;
    case 'code':
      return (
        <pre key={i}>
          <code>{node.text}</code>
        </pre>
      );
    case 'quote':
      return <blockquote key={i}>{node.children.map(block)}</blockquote>;
    case 'rule':
      return <hr key={i} />;
    case 'list': {
      const Tag = node.ordered ? 'ol' : 'ul';
      return (
        <Tag key={i}>
          {node.items.map((item, j) => (
            <li key={j}>{inline(item)}</li>
          ))}
        </Tag>
      );
    }
  }
}

export function Markdown({ source }: { source: string }) {
  const blocks = parseMarkdown(source);
  return (
    <div className="markdown">
      {blocks.length > 0 ? blocks.map(block) : <p className="empty">Nothing written yet.</p>}
    </div>
  );
}
