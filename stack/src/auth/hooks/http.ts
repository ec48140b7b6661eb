// An HTTP(S) auth hook: the payload POSTed as JSON, signed with Standard Webhooks (one signature
// per configured secret), answered as Supabase Auth reads the answer — within 5 s in all, up to
// 3 attempts (a failed connection waits 2 s; a 429/503 with Retry-After goes again at once),
// at most 200 KiB of JSON back. Returns the body, or undefined for 204.
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { authError } from '../errors.ts';

export interface HttpHookOptions {
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  limitBytes: number;
}

export const HTTP_HOOK_DEFAULTS: HttpHookOptions = {
  timeoutMs: 5000,
  retries: 3,
  backoffMs: 2000,
  limitBytes: 200 * 1024,
};

/** The `webhook-signature` header: one `v1,<sig>` per secret, joined by ", ". */
export function signatures(secrets: string[], id: string, at: Date, body: string): string {
  return secrets
    .map((secret) => new Webhook(secret.slice('v1,'.length)).sign(id, at, body))
    .join(', ');
}

const timeoutError = (ms: number) =>
  authError(
    'hook_timeout',
    `Failed to reach hook within maximum time of ${(ms / 1000).toFixed(6)} seconds`,
  );

const failure = (message: string) => authError('unexpected_failure', message);

export async function postHook(
  uri: string,
  secrets: string[],
  payload: unknown,
  options: HttpHookOptions = HTTP_HOOK_DEFAULTS,
): Promise<string | undefined> {
  const body = JSON.stringify(payload);
  const deadline = AbortSignal.timeout(options.timeoutMs);
  for (let attempt = 0; attempt < options.retries; attempt++) {
    const id = randomUUID();
    const at = new Date();
    let response: Response;
    try {
      response = await fetch(uri, {
        method: 'POST',
        signal: deadline,
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signatures(secrets, id, at, body),
          'accept-encoding': 'identity',
        },
        body,
      });
    } catch {
      if (deadline.aborted) throw timeoutError(options.timeoutMs);
      if (attempt < options.retries - 1) {
        await wait(options.backoffMs, deadline);
        if (deadline.aborted) throw timeoutError(options.timeoutMs);
        continue;
      }
      throw authError('hook_timeout_after_retry', 'Failed to reach hook after maximum retries');
    }
    switch (response.status) {
      case 204:
        await response.body?.cancel();
        return undefined;
      case 200:
      case 202:
        return readJson(response, options.limitBytes, deadline, options.timeoutMs);
      case 429:
      case 503:
        await response.body?.cancel();
        if (response.headers.get('retry-after')) continue;
        throw failure('Service currently unavailable due to hook');
      case 400:
        await response.body?.cancel();
        throw failure('Invalid payload sent to hook');
      case 401:
        await response.body?.cancel();
        throw failure('Hook requires authorization token');
      default:
        await response.body?.cancel();
        throw failure(`Unexpected status code returned from hook: ${response.status}`);
    }
  }
  throw failure('Service currently unavailable due to hook');
}

async function readJson(
  response: Response,
  limit: number,
  deadline: AbortSignal,
  timeoutMs: number,
): Promise<string> {
  const type = response.headers.get('content-type');
  if (!type) {
    await response.body?.cancel();
    throw authError(
      'hook_payload_invalid_content_type',
      'Invalid Content-Type: Missing Content-Type header',
    );
  }
  if (type.split(';')[0]!.trim().toLowerCase() !== 'application/json') {
    await response.body?.cancel();
    throw authError(
      'hook_payload_invalid_content_type',
      `Invalid JSON response. Received content-type: ${type}`,
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      const chunk = read.value;
      size += chunk.byteLength;
      if (size > limit) {
        await reader!.cancel().catch(() => undefined);
        throw authError(
          'hook_payload_over_size_limit',
          `Payload size exceeded size limit of ${limit} bytes`,
        );
      }
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    if (deadline.aborted) throw timeoutError(timeoutMs);
    throw error;
  }
  return Buffer.concat(chunks).toString('utf8');
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
