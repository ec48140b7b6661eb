// The path a route table matches, and its patterns. A request's path is read from its URL as
// it was sent, up to `?` or `#`, and percent-decoded as a URI (decodeURI: an encoded `/`, `?`
// or `%` stays encoded, so `%2F` never splits a segment); a pattern is literal segments,
// `:name` segments (one non-empty segment, its value percent-decoded as a component) and an
// optional `/*` at the end (the rest of the path, nothing included). Matching is exact: a
// trailing `/` is a segment of its own. These are the rules the stack's routes were first
// written against (Hono's), kept so that no path changes its meaning.

/** Decodes what decodes; a broken escape (`%zz`, a lone byte of UTF-8) is left as it was. */
function tryDecode(text: string, decode: (text: string) => string): string {
  try {
    return decode(text);
  } catch {
    return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decode(run);
      } catch {
        return run;
      }
    });
  }
}

/** decodeURI that leaves an encoded `%` (`%25`) encoded. */
const decodePath = (path: string) =>
  decodeURI(path.includes('%25') ? path.replace(/%25/g, '%2525') : path);

/** The path of a request's URL, as routes match it (see the header). */
export function routePath(url: string): string {
  const start = url.indexOf('/', url.indexOf(':') + 3);
  if (start < 0) return '/';
  let end = start;
  while (end < url.length) {
    const code = url.charCodeAt(end);
    if (code === 63 /* ? */ || code === 35 /* # */) break;
    end++;
  }
  const path = url.slice(start, end);
  return path.includes('%') ? tryDecode(path, decodePath) : path;
}

/** A pattern's match of a path: its named segments (decoded), or null. */
export type PathMatcher = (path: string) => Record<string, string> | null;

/** Compiles `/a/:name/b/*` into a matcher of paths. */
export function pathMatcher(pattern: string): PathMatcher {
  const rest = pattern.endsWith('/*');
  const segments = (rest ? pattern.slice(0, -2) : pattern).split('/').slice(1);
  // '/' alone is the one empty segment; '/*' has none before its rest.
  const parts = segments.length === 1 && segments[0] === '' && !rest ? [''] : segments;
  if (parts.length === 1 && parts[0] === '' && rest) parts.length = 0;
  const names = parts.map((part) => (part.startsWith(':') ? part.slice(1) : null));
  const empty: Record<string, string> = {};
  return (path) => {
    const got = path.split('/');
    // got[0] is the empty text before the leading '/'.
    const count = got.length - 1;
    if (rest ? count < parts.length : count !== parts.length) return null;
    let params = empty;
    for (let i = 0; i < parts.length; i++) {
      const segment = got[i + 1]!;
      const name = names[i];
      if (name === null) {
        if (segment !== parts[i]) return null;
        continue;
      }
      if (segment === '') return null;
      if (params === empty) params = {};
      params[name!] = segment.includes('%') ? tryDecode(segment, decodeURIComponent) : segment;
    }
    return params;
  };
}
