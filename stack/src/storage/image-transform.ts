// Image transformations (/render/image/…), as Supabase Storage applies them through imgproxy:
// width and height (clamped to 1–2000), resize `cover` (crop to fill, the default), `contain`
// (fit inside) or `fill` (stretch), never enlarging; quality 20–100; format `origin`, `webp` or
// `avif` — without one, WebP when the client accepts it. Done here with sharp (libvips).
import { z } from 'zod';
import { StorageError } from './errors.ts';

const SIZE = { min: 1, max: 2000 };

export const transformOptions = z.object({
  width: z.coerce.number().int().min(0).optional(),
  height: z.coerce.number().int().min(0).optional(),
  resize: z.enum(['cover', 'contain', 'fill']).optional(),
  format: z.enum(['origin', 'avif', 'webp']).optional(),
  quality: z.coerce.number().int().min(20).max(100).optional(),
});

export type TransformOptions = z.output<typeof transformOptions>;

const clamp = (n: number) => Math.min(Math.max(n, SIZE.min), SIZE.max);

const RESIZING_TYPES = { cover: 'fill', contain: 'fit', fill: 'force' } as const;

/** The transformations applied, as Supabase Storage reports them in X-Transformations. */
export function transformationSegments(options: TransformOptions): string[] {
  const segments: string[] = [];
  if (options.height) segments.push(`height:${clamp(options.height)}`);
  if (options.width) segments.push(`width:${clamp(options.width)}`);
  if (options.width || options.height)
    segments.push(`resizing_type:${RESIZING_TYPES[options.resize ?? 'cover']}`);
  if (options.quality) segments.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') segments.push(`format:${options.format}`);
  return segments;
}

/** The options as a signed URL token carries them: `height:200,width:200,resize:cover,…`. */
export function tokenTransformations(options: TransformOptions): string {
  const parts: string[] = [];
  if (options.height) parts.push(`height:${clamp(options.height)}`);
  if (options.width) parts.push(`width:${clamp(options.width)}`);
  if ((options.width || options.height) && options.resize) parts.push(`resize:${options.resize}`);
  if (options.quality) parts.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') parts.push(`format:${options.format}`);
  return parts.join(',');
}

/** Reads a token's transformations back; unknown or malformed parts are left out. */
export function parseTokenTransformations(text: string): TransformOptions {
  const fields: Record<string, string> = {};
  for (const part of text.split(',')) {
    const [name, value] = part.split(':');
    if (name && value) fields[name] = value;
  }
  const parsed = transformOptions.safeParse(fields);
  return parsed.success ? parsed.data : {};
}

const FITS = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

const unreadable = () =>
  new StorageError(
    'InvalidRequest',
    400,
    'The source image is invalid or unsupported for rendering',
  );

/** Renders the image; the result's MIME type follows the format chosen. */
export async function renderImage(
  source: Buffer,
  options: TransformOptions,
  accept: string | null,
): Promise<{ body: Buffer; mimetype: string }> {
  // Loaded on first use: libvips is a native library a stack that renders no image need not hold.
  const { default: sharp } = await import('sharp');
  try {
    let image = sharp(source, { failOn: 'error' }).rotate();
    if (options.width || options.height)
      image = image.resize({
        width: options.width ? clamp(options.width) : undefined,
        height: options.height ? clamp(options.height) : undefined,
        fit: FITS[options.resize ?? 'cover'],
        withoutEnlargement: true,
      });
    const quality = options.quality;
    const format =
      options.format === 'webp' || options.format === 'avif'
        ? options.format
        : options.format !== 'origin' && accept?.includes('image/webp')
          ? 'webp'
          : undefined;
    if (format === 'webp') image = image.webp({ quality });
    else if (format === 'avif') image = image.avif({ quality });
    else if (quality) image = image.jpeg({ quality, force: false }).webp({ quality, force: false });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { body: data, mimetype: `image/${info.format === 'heif' ? 'avif' : info.format}` };
  } catch {
    throw unreadable();
  }
}
