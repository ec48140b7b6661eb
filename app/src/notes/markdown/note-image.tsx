// An image in a rendered note: an attachment is shown through a short-lived signed URL (asked
// for once per path and cached), a web image as it is; while loading, or when it cannot be
// shown, its description stands in.
import { useQuery } from '@tanstack/react-query';
import { attachmentPath } from './safe-url.ts';

interface Props {
  src: string;
  alt: string;
  resolve?(path: string): Promise<string>;
}

export function NoteImage({ src, alt, resolve }: Props) {
  const path = attachmentPath(src);
  const signed = useQuery({
    queryKey: ['attachments', 'url', path],
    enabled: path !== null && resolve !== undefined,
    staleTime: 50 * 60_000,
    queryFn: () => resolve!(path!),
  });
  const url = path ? signed.data : src || undefined;
  if (!url)
    return (
      <span className="note-image note-image--missing" role="img" aria-label={alt || 'Image'}>
        {signed.isPending && path && resolve
          ? 'Loading image…'
          : `Image: ${alt || 'not available'}`}
      </span>
    );
  return (
    <img className="note-image" src={url} alt={alt} loading="lazy" referrerPolicy="no-referrer" />
  );
}
