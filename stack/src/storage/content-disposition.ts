// Content-Disposition for `?download=<name>`, exactly as hosted Storage sends it
// (supabase/storage, src/storage/renderer/renderer.ts, handleDownload): the name percent-encoded
// once with encodeURIComponent, in `filename*=UTF-8''` (RFC 6266 / RFC 8187, which every current
// browser prefers) and again as the plain `filename` (an ASCII stand-in: clients that know no
// better show it encoded), with the trailing `;`. A bare `download` is `attachment;` alone.

export function contentDisposition(download: string): string {
  if (download === '') return 'attachment;';
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`;
}
