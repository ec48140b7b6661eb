// Which URLs a rendered note may use: links to http(s) and mailto (or relative) and to other notes
// (`sheaf:note/<id>`, links/link-syntax.ts), images also from
// the note's attachments (`attachment:<path>`, resolved to a signed URL when shown). Anything
// else (javascript:, data:, vbscript: …) becomes an empty URL.
import { defaultUrlTransform } from 'react-markdown';
import { noteIdOfHref } from '../links/link-syntax.ts';
import { mentionedUserId } from '../../lib/text/mentions.ts';

export const ATTACHMENT_SCHEME = 'attachment:';

export function safeUrl(url: string, key: string): string {
  if (key === 'src' && url.startsWith(ATTACHMENT_SCHEME)) return url;
  if (key === 'href' && noteIdOfHref(url)) return url;
  // A mention of a person (shown as a name, never followed as a link).
  if (key === 'href' && mentionedUserId(url)) return url;
  return defaultUrlTransform(url);
}

/** The storage path of an `attachment:` image URL, or null. */
export function attachmentPath(src: string | undefined): string | null {
  if (!src?.startsWith(ATTACHMENT_SCHEME)) return null;
  try {
    const path = decodeURI(src.slice(ATTACHMENT_SCHEME.length));
    return /^[0-9a-f-]{36}\/[0-9a-f-]{36}\/[^/]+$/i.test(path) ? path : null;
  } catch {
    return null;
  }
}
