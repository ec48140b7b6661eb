// A note's markdown as one line of plain text, for list and search previews.
export function plainText(markdown: string, max = 160): string {
  return markdown
    .slice(0, max * 4)
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|\*|_|`)(?=\S)([^]*?\S)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}
