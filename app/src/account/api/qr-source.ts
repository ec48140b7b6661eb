// The TOTP QR code as an image URL every browser can draw.

/** auth-js hands the QR code as "data:image/svg+xml;utf-8,<svg…>" without encoding it; a "#" in
 * the SVG (a colour) would end the URL there. Re-encode it so every browser draws it. */
export function qrSource(qr: string): string {
  const prefix = /^data:image\/svg\+xml;(utf-8|charset=utf-8),/;
  const svg = qr.replace(prefix, '');
  if (!svg.trimStart().startsWith('<')) return qr;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
