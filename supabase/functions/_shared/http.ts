// HTTP plumbing shared by Sheaf's edge functions: CORS, JSON responses, the error shape
// `{ error: { code, message } }` with its status, and a serve wrapper that maps thrown errors.

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Expose-Headers': 'Content-Disposition',
};

/** A request mistake or refusal, answered as `{ error: { code, message } }` with `status`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  });
}

export function errorResponse(error: HttpError): Response {
  return json({ error: { code: error.code, message: error.message } }, error.status);
}

/** The request's JSON object body; a clear 400 when it is missing or not an object. */
export async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body must be a JSON object.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'invalid_json', 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** Serves handler for the given methods, with CORS preflight and error mapping. */
export function serve(methods: string[], handler: (req: Request) => Promise<Response>): void {
  Deno.serve(async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (!methods.includes(req.method))
      return errorResponse(
        new HttpError(405, 'method_not_allowed', `Use ${methods.join(' or ')} for this function.`),
      );
    try {
      return await handler(req);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error);
      console.error(error);
      return errorResponse(
        new HttpError(500, 'internal_error', 'Something went wrong on our side.'),
      );
    }
  });
}
