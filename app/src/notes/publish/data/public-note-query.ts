// A published note as anyone with its link sees it, from the published-note function, without
// the person's session (the page is the same for everyone). The page follows the note: it asks
// again every POLL_MS and when the window regains focus. A link that opens nothing is
// `{ published: false }` — not an error — so the page can say so.
import { useQuery } from '@tanstack/react-query';
import { useAppEnv } from '../../../lib/supabase.ts';
import type { AppEnv } from '../../../lib/env.ts';
import { FunctionError } from '../../../lib/functions/invoke-function.ts';
import { watchedFetch } from '../../../lib/watched-fetch.ts';
import { publishKeys } from './keys.ts';

/** How often an open public page checks for changes. */
export const POLL_MS = 10_000;

export interface PublicNote {
  title: string;
  body: string;
  updated_at: string;
  /** Over the size limit, and the whole merged text could not be read: an earlier text. */
  text_is_earlier: boolean;
}

export type PublicPage =
  | { published: true; note: PublicNote; files: Record<string, string>; expiresIn: number }
  | { published: false };

const send = watchedFetch();

export async function fetchPublicNote(env: AppEnv, token: string): Promise<PublicPage> {
  const response = await send(`${env.supabaseUrl}/functions/v1/published-note`, {
    method: 'POST',
    headers: {
      apikey: env.supabaseKey,
      Authorization: `Bearer ${env.supabaseKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ token }),
  });
  const payload = (await response.json().catch(() => null)) as {
    note?: PublicNote;
    files?: Record<string, string>;
    expires_in?: number;
    error?: { code?: string; message?: string };
  } | null;
  if (response.status === 404 && payload?.error?.code === 'not_published')
    return { published: false };
  if (!response.ok || !payload?.note)
    throw new FunctionError(
      payload?.error?.code ?? '',
      response.status,
      payload?.error?.message ?? response.statusText,
    );
  return {
    published: true,
    note: payload.note,
    files: payload.files ?? {},
    expiresIn: payload.expires_in ?? 600,
  };
}

export function usePublicNoteQuery(token: string) {
  const env = useAppEnv();
  return useQuery({
    queryKey: publishKeys.page(token),
    queryFn: () => fetchPublicNote(env, token),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: 'always',
    // An unknown link is not retried three times before the page can say so.
    retry: (failures, error) =>
      !(error instanceof FunctionError && error.status < 500) && failures < 2,
  });
}
