// A fenced code block: shown as plain text at once, then highlighted when its language's parser
// has loaded. Focusable, so a wide block can be scrolled with the keyboard.
import { useEffect, useState } from 'react';
import { highlightCode, type CodeToken } from './highlight-code.ts';

export function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const [highlighted, setHighlighted] = useState<{ code: string; tokens: CodeToken[] } | null>(
    null,
  );
  useEffect(() => {
    if (!language) return;
    let live = true;
    highlightCode(code, language).then(
      (tokens) => {
        if (live && tokens) setHighlighted({ code, tokens });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [code, language]);
  const tokens = highlighted?.code === code ? highlighted.tokens : null;
  return (
    <pre className="markdown__code" tabIndex={0}>
      <code data-language={language ?? undefined}>
        {tokens
          ? tokens.map((t, i) =>
              t.className ? (
                <span key={i} className={t.className}>
                  {t.text}
                </span>
              ) : (
                t.text
              ),
            )
          : code}
      </code>
    </pre>
  );
}
