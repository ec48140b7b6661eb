// Text with the words that match a search marked (accent-insensitive prefix matches).
import { highlightParts } from '../lib/text/fold.ts';

export function HighlightedText({ text, terms }: { text: string; terms: string[] }) {
  return (
    <>
      {highlightParts(text, terms).map((part, i) =>
        part.match ? <mark key={i}>{part.text}</mark> : part.text,
      )}
    </>
  );
}
