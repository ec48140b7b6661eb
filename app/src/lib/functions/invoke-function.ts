// Calls an Edge Function with the session's token and returns the raw Response (the export is a
// file: its bytes and its Content-Disposition). A failure becomes a FunctionError carrying the
// function's own code (e.g. insufficient_aal) so the catalogue can describe it.
import { envOf, type Supabase } from '../supabase.ts';

export class FunctionError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'FunctionError';
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string } | string;
  code?: string | number;
  message?: string;
}

export async function invokeFunction(
  supabase: Supabase,
  nameAndQuery: string,
  method: 'GET' | 'POST',
  body?: unknown,
): Promise<Response> {
  const env = envOf(supabase);
  const { data } = await supabase.auth.getSession();
  const headers: Record<string, string> = { apikey: env.supabaseKey };
  if (data.session) headers.Authorization = `Bearer ${data.session.access_token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${env.supabaseUrl}/functions/v1/${nameAndQuery}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.ok) return response;
  const payload = (await response.json().catch(() => null)) as ErrorBody | null;
  const inner = typeof payload?.error === 'object' ? payload.error : undefined;
  const code = inner?.code ?? (typeof payload?.code === 'string' ? payload.code : '');
  throw new FunctionError(
    code,
    response.status,
    inner?.message ?? payload?.message ?? response.statusText,
  );
}
