// Content-Disposition for `?download=<name>` (RFC 6266): the exact name, UTF-8 and
// percent-encoded, in `filename*` (RFC 8187), which every current browser prefers; and an ASCII
// stand-in in `filename` for clients that know no better — a token when it can be, else quoted,
// with anything outside printable ASCII (and `"`, `\`, `%`) replaced by `_`.

/** RFC 8187 attr-chars are kept; everything else is %XX of its UTF-8 bytes. */
const extValue = (name: string) =>
  encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

const TOKEN = /^[!#$&+.^_`|~0-9A-Za-z-]+$/;

function asciiFallback(name: string): string {
  const ascii = Array.from(name, (c) =>
    /^[\x20-\x7e]$/.test(c) && !/["\\%]/.test(c) ? c : '_',
  ).join('');
  return TOKEN.test(ascii) ? ascii : `"${ascii}"`;
}

/** `attachment;` alone for a bare `download`, else with the name. */
export function contentDisposition(download: string): string {
  if (download === '') return 'attachment;';
  return `attachment; filename=${asciiFallback(download)}; filename*=UTF-8''${extValue(download)}`;
}
