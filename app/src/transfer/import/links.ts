// The files a Markdown note points at: relative links and images (`[t](dir/file.pdf)`,
// `![a](img.png)`, `<img src="…">`) and Obsidian embeds (`![[img.png]]`). Each match says where
// in the text the target is, so the importer can put the attachment's reference there instead.

export interface FileReference {
  /** Where the target (only the target) starts and ends in the text. */
  start: number;
  end: number;
  /** The target as written (percent-encoding and <…> removed). */
  target: string;
  /** An Obsidian embed: the whole `![[…]]` is replaced, not only the target. */
  embed?: { alt: string };
}

const MARKDOWN_LINK =
  /!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>\n]+>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const HTML_SRC = /<(?:img|a|video|audio|source)\b[^>]*?\s(?:src|href)\s*=\s*"([^"]+)"/gi;
const EMBED = /!\[\[([^\]|#\n]+)(?:[#|][^\]\n]*)?\]\]/g;

/** True for targets that are not files next to the note: URLs, anchors, mail, attachments. */
export function isExternal(target: string): boolean {
  return /^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target);
}

function decoded(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

export function findFileReferences(text: string): FileReference[] {
  const found: FileReference[] = [];
  for (const m of text.matchAll(MARKDOWN_LINK)) {
    const raw = m[1]!;
    const at = m.index + m[0].lastIndexOf(raw, m[0].length - 1);
    const bare = raw.startsWith('<') ? raw.slice(1, -1) : raw;
    if (!isExternal(bare)) found.push({ start: at, end: at + raw.length, target: decoded(bare) });
  }
  for (const m of text.matchAll(HTML_SRC)) {
    const raw = m[1]!;
    const at = m.index + m[0].lastIndexOf(raw);
    if (!isExternal(raw)) found.push({ start: at, end: at + raw.length, target: decoded(raw) });
  }
  for (const m of text.matchAll(EMBED)) {
    const target = m[1]!.trim();
    found.push({
      start: m.index,
      end: m.index + m[0].length,
      target,
      embed: { alt: target.split('/').pop() ?? target },
    });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** `target` resolved against the folder of the note at `notePath` ('/'-separated), or null. */
export function resolveRelative(notePath: string, target: string): string | null {
  const parts = notePath.split('/').slice(0, -1);
  for (const segment of target.split('?')[0]!.split('#')[0]!.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.length ? parts.join('/') : null;
}
