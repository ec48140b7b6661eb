// Guards the promise that every error_code the auth service can return is asserted by a test.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUTH_ERRORS } from '../../src/auth/errors.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Codes that only mark server bugs; no client request should be able to produce them. */
const SERVER_ONLY = new Set(['unexpected_failure']);

describe('auth error codes', () => {
  it('are each asserted by an integration test', () => {
    const tests = readdirSync(here)
      .filter((f) => f.endsWith('.test.ts') && f !== 'error-coverage.test.ts')
      .map((f) => readFileSync(path.join(here, f), 'utf8'))
      .join('\n');
    const missing = Object.keys(AUTH_ERRORS).filter(
      (code) => !SERVER_ONLY.has(code) && !tests.includes(`'${code}'`),
    );
    expect(missing).toEqual([]);
  });
});
