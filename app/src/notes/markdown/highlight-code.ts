// Syntax highlighting for fenced code in the preview, with the same Lezer parsers the editor
// uses: the language named after the fence is loaded on demand (each in its own chunk), then its
// syntax tree is turned into spans with `tok-*` classes (styled in markdown.css).
import { LanguageDescription } from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import { classHighlighter, highlightTree } from '@lezer/highlight';

export interface CodeToken {
  text: string;
  className?: string;
}

/** The code as highlighted tokens, or null when the language is unknown (shown plain). */
export async function highlightCode(code: string, language: string): Promise<CodeToken[] | null> {
  const description = LanguageDescription.matchLanguageName(languages, language, true);
  if (!description) return null;
  const support = description.support ?? (await description.load());
  const tree = support.language.parser.parse(code);
  const tokens: CodeToken[] = [];
  let at = 0;
  highlightTree(tree, classHighlighter, (from, to, classes) => {
    if (from > at) tokens.push({ text: code.slice(at, from) });
    tokens.push({ text: code.slice(from, to), className: classes });
    at = to;
  });
  if (at < code.length) tokens.push({ text: code.slice(at) });
  return tokens;
}
