// Downloads an export from the export-data function: everything the person owns, or one
// notebook, as a ZIP of Markdown files and attachments, saved under the name the server gives.
import { invokeFunction } from '../../lib/functions/invoke-function.ts';
import { dispositionName, saveBlob } from '../../lib/functions/save-download.ts';
import type { Supabase } from '../../lib/supabase.ts';

export async function exportArchive(
  supabase: Supabase,
  notebookId: string | null,
): Promise<string> {
  const query = notebookId ? `&notebook=${encodeURIComponent(notebookId)}` : '';
  const response = await invokeFunction(supabase, `export-data?format=zip${query}`, 'GET');
  const name = dispositionName(response.headers.get('content-disposition'), 'sheaf-export.zip');
  saveBlob(await response.blob(), name);
  return name;
}
