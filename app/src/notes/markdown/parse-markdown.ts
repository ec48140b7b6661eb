// A small markdown parser for note previews: headings, paragraphs, lists, quotes, fenced code,
// rules, and inline code, strong, emphasis and links. It produces a tree of plain data; the
// renderer turns it into React elements (text is never parsed as HTML).

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'link'; href: string | null; children: Inline[] }
  | { type: 'br' };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'quote'; children: Block[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'rule' };

const SAFE_PROTOCOLS = ['http:', 'https:', 'mailto:'];

/** The URL when it is http(s) or mailto (absolute), else null: a link that is shown as text. */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return SAFE_PROTOCOLS.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const INLINE: { type: 'code' | 'strong' | 'em' | 'link'; re: RegExp }[] = [
  { type: 'code', re: /`([^`]+)`/ },
  { type: 'link', re: /\[([^\]]+)\]\(([^()\s]+)\)/ },
  { type: 'strong', re: /\*\*(.+?)\*\*|__(.+?)__/ },
  { type: 'em', re: /\*([^*]+)\*|_([^_]+)_/ },
];

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest.length > 0) {
    let best: { type: (typeof INLINE)[number]['type']; match: RegExpExecArray } | null = null;
    for (const { type, re } of INLINE) {
      const match = re.exec(rest);
      if (match && (!best || match.index < best.match.index)) best = { type, match };
    }
    if (!best) {
      pushText(out, rest);
      break;
    }
    const { type, match } = best;
    if (match.index > 0) pushText(out, rest.slice(0, match.index));
    if (type === 'code') out.push({ type: 'code', text: match[1]! });
    else if (type === 'link')
      out.push({ type: 'link', href: safeHref(match[2]!), children: parseInline(match[1]!) });
    else out.push({ type, children: parseInline(match[1] ?? match[2] ?? '') });
    rest = rest.slice(match.index + match[0].length);
  }
  return out;
}

function pushText(out: Inline[], text: string) {
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (i > 0) out.push({ type: 'br' });
    if (line) out.push({ type: 'text', text: line });
  });
}

const HEADING = /^(#{1,6})\s+(.*)$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const FENCE = /^\s*```/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    if (FENCE.test(line)) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !FENCE.test(lines[i]!)) code.push(lines[i++]!);
      i++;
      blocks.push({ type: 'code', text: code.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2]!.trim()) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    if (line.startsWith('>')) {
      const quoted: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('>'))
        quoted.push(lines[i++]!.replace(/^>\s?/, ''));
      blocks.push({ type: 'quote', children: parseMarkdown(quoted.join('\n')) });
      continue;
    }
    const listRe = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null;
    if (listRe) {
      const items: Inline[][] = [];
      while (i < lines.length && listRe.test(lines[i]!))
        items.push(parseInline(listRe.exec(lines[i++]!)![1]!));
      blocks.push({ type: 'list', ordered: listRe === NUMBERED, items });
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      lines[i]!.trim() &&
      !FENCE.test(lines[i]!) &&
      !HEADING.test(lines[i]!) &&
      !lines[i]!.startsWith('>') &&
      !BULLET.test(lines[i]!) &&
      !NUMBERED.test(lines[i]!)
    )
      paragraph.push(lines[i++]!);
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
  }
  return blocks;
}
