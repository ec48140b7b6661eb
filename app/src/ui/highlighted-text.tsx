// Text with the words that match a search marked (accent-insensitive prefix matches; for a
// forgiving search's result, also words holding a term or spelled a little differently).
import { highlightParts } from '../lib/text/fold.ts';

export function HighlightedText({
  text,
  terms,
  forgiving = false,
}: {
  text: string;
  terms: string[];
  forgiving?: boolean;
}) {
  return (
    <>
      {highlightParts(text, terms, { forgiving }).map((part, i) =>
        part.match ? <mark key={i}>{part.text}</mark> : part.text,
      )}
    </>
  );
}
