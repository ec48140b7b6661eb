// Keeps docs/errors.md and the app's catalogue in step: every code listed for Auth and Network
// has a sentence here, the sentences match where the doc states them, and every sentence is a
// sentence (no raw codes shown to people).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { describeError, hasMessage, messageFor } from './describe-error.ts';
import { NETWORK_MESSAGES } from './network-messages.ts';
import { FUNCTION_MESSAGES, REST_MESSAGES, STORAGE_MESSAGES } from './service-messages.ts';

const DOC = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/errors.md',
);

/** The table rows (cells) of one "## <title>" section of docs/errors.md. */
function rowsOf(title: string): string[][] {
  const text = readFileSync(DOC, 'utf8');
  const start = text.indexOf(`\n## ${title}\n`);
  if (start === -1) return [];
  const rest = text.slice(start + title.length + 5);
  const end = rest.search(/\n## /);
  const section = end === -1 ? rest : rest.slice(0, end);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, line.endsWith('|') ? -1 : undefined)
        .split('|')
        .map((cell) => cell.trim()),
    )
    .slice(1); // the header row
}

/** Codes in backticks in a row's first cell (`code`), as the catalogue lists them. */
function codesOf(title: string): string[] {
  return rowsOf(title)
    .map((cells) => /^`([A-Za-z0-9_]+)`$/.exec(cells[0] ?? '')?.[1])
    .filter((code): code is string => !!code);
}

describe('the error catalogue', () => {
  it('has a sentence for every Auth error_code in docs/errors.md', () => {
    const missing = codesOf('Auth').filter((code) => !hasMessage(code));
    expect(missing).toEqual([]);
  });

  it('has the Network section of docs/errors.md, word for word', () => {
    const rows = rowsOf('Network');
    expect(rows.length).toBeGreaterThan(0);
    for (const cells of rows) {
      const code = /^`([a-z_]+)`$/.exec(cells[0] ?? '')?.[1];
      expect(code, `row ${cells.join(' | ')}`).toBeDefined();
      expect(NETWORK_MESSAGES[code!]).toBe(cells[cells.length - 1]);
    }
    expect(Object.keys(NETWORK_MESSAGES).sort()).toEqual(codesOf('Network').sort());
  });

  it('shows the gateway answers as docs/errors.md says', () => {
    for (const cells of rowsOf('Gateway')) {
      const body = JSON.parse((cells[1] ?? '').replace(/`/g, '')) as { message: string };
      const status = Number(cells[0]);
      const described = describeError({ name: 'AuthApiError', status, ...body }, true);
      expect(described.message).toBe(cells[cells.length - 1]);
    }
  });

  it('shows every Storage error as docs/errors.md says', () => {
    const rows = rowsOf('Storage');
    expect(rows.length).toBeGreaterThan(0);
    for (const cells of rows) {
      const codes = [...(cells[1] ?? '').matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]!);
      const message = (cells[3] ?? '').split(' / ')[0]!;
      for (const code of codes) {
        const error = { name: 'StorageApiError', code, message, statusCode: cells[0] };
        expect(describeError(error, true).message, code).toBe(cells[cells.length - 1]);
      }
    }
  });

  it('shows every Edge Functions runtime error as docs/errors.md says', () => {
    for (const cells of rowsOf('Edge Functions')) {
      const status = Number(cells[0]);
      const raw = (cells[1] ?? '').replace(/`/g, '').replace(',…', '');
      let body: { code?: unknown; message?: string } = {};
      try {
        body = JSON.parse(raw.endsWith('}') ? raw : `${raw}}`) as typeof body;
      } catch {
        body = {};
      }
      const error = {
        name: 'FunctionError',
        code: typeof body.code === 'string' ? body.code : '',
        status,
        message: body.message ?? '',
      };
      expect(describeError(error, true).message, cells[1]).toBe(cells[cells.length - 1]);
    }
  });

  it('has a sentence for every REST code in docs/errors.md', () => {
    const codes = rowsOf('REST').flatMap((cells) =>
      [...(cells[0] ?? '').matchAll(/`(PGRST\d+|[0-9A-Z]{5})`/g)].map((m) => m[1]!),
    );
    expect(codes.length).toBeGreaterThan(0);
    const missing = codes.filter(
      (code) => describeError({ code, details: null, hint: null }, true).code !== code,
    );
    expect(missing).toEqual([]);
  });

  it("shows every code of Sheaf's database as docs/errors.md says", () => {
    const rows = rowsOf("Sheaf's database");
    expect(rows.length).toBeGreaterThan(0);
    for (const cells of rows) {
      const code = /^`([0-9A-Z]{5})`$/.exec(cells[0] ?? '')?.[1];
      expect(code, `row ${cells.join(' | ')}`).toBeDefined();
      const described = describeError({ code, details: null, hint: null }, true);
      expect(described.message, code).toBe(cells[cells.length - 1]);
    }
  });

  it('has the sentence of every Sheaf function code in docs/errors.md', () => {
    const rows = rowsOf("Sheaf's functions");
    expect(rows.length).toBeGreaterThan(5);
    for (const cells of rows) {
      const code = /^`([a-z_]+)`$/.exec(cells[0] ?? '')?.[1];
      expect(code, `row ${cells.join(' | ')}`).toBeDefined();
      expect(hasMessage(code!), code).toBe(true);
      const sentence = cells[cells.length - 1]!;
      if (!sentence.startsWith('(')) expect(messageFor(code!), code).toBe(sentence);
    }
  });

  it('covers every error_code auth-js knows', () => {
    // The list of auth-js's ErrorCode type (lib/error-codes.d.ts), read from the installed package.
    const dts = readFileSync(
      path.resolve(DOC, '../../node_modules/@supabase/auth-js/dist/module/lib/error-codes.d.ts'),
      'utf8',
    );
    const union = /export type ErrorCode =([^;]+);/.exec(dts)?.[1] ?? '';
    const codes = [...union.matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1]!);
    expect(codes.length).toBeGreaterThan(50);
    expect(codes.filter((code) => !(code in AUTH_MESSAGES))).toEqual([]);
  });

  it('writes every message as a sentence', () => {
    const all = {
      ...AUTH_MESSAGES,
      ...NETWORK_MESSAGES,
      ...STORAGE_MESSAGES,
      ...FUNCTION_MESSAGES,
      ...REST_MESSAGES,
    };
    for (const [code, message] of Object.entries(all)) {
      expect(message, code).toMatch(/^[A-Z].*[.!]$/);
      expect(message, code).not.toContain('_');
    }
  });
});

describe('describeError', () => {
  it('uses the error_code of an auth error', () => {
    expect(
      describeError({ name: 'AuthApiError', code: 'invalid_credentials', status: 400 }, true),
    ).toEqual({ code: 'invalid_credentials', message: AUTH_MESSAGES.invalid_credentials });
  });

  it('says offline when the browser is offline, whatever the error', () => {
    expect(describeError(new TypeError('Failed to fetch'), false).code).toBe('offline');
  });

  it('says the server is not answering while it is not, whatever the error', () => {
    expect(describeError(new TypeError('Failed to fetch'), 'unreachable')).toEqual({
      code: 'unreachable',
      message: NETWORK_MESSAGES.unreachable,
    });
    expect(describeError(new TypeError('Failed to fetch'), 'offline').code).toBe('offline');
  });

  it('tells a failed fetch from a server failure', () => {
    expect(describeError({ name: 'AuthRetryableFetchError', status: 0 }, true).code).toBe(
      'network_error',
    );
    expect(describeError({ name: 'AuthRetryableFetchError', status: 503 }, true).code).toBe(
      'server_error',
    );
    expect(describeError({ name: 'AuthApiError', status: 500 }, true).code).toBe('server_error');
  });

  it('answers a rate limit without a code', () => {
    expect(describeError({ status: 429 }, true).code).toBe('over_request_rate_limit');
  });

  it('falls back to a generic sentence for anything else', () => {
    expect(describeError('boom', true)).toEqual({
      code: 'unknown_error',
      message: messageFor('unknown_error'),
    });
  });
});
