// Guards the promise that every error the Realtime service can answer — join reasons, shutdown
// messages, refused upgrades, broadcast API errors — is asserted by an integration test.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONNECT_ERRORS, HTTP_ERRORS, JOIN_ERRORS, SHUTDOWN } from '../../src/realtime/errors.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('realtime errors', () => {
  it('are each asserted by an integration test', () => {
    const tests = readdirSync(here)
      .filter((f) => f.endsWith('.test.ts') && f !== 'error-coverage.test.ts')
      .map((f) => readFileSync(path.join(here, f), 'utf8'))
      .join('\n');
    // A message with a variable part is looked for up to that part.
    const texts = [
      ...Object.keys(JOIN_ERRORS).map((code) => `${code}: `),
      ...Object.values(SHUTDOWN).map((m) => (typeof m === 'function' ? m(0 as never) : m)),
      ...Object.values(CONNECT_ERRORS).map(([, message]) => message),
      ...Object.values(HTTP_ERRORS).map(([, body]) => Object.values(body)[0]!),
    ].map((text) => text.split(/\b0\b|: 0$/)[0]!);
    // In a template literal or a regular expression a backtick is escaped.
    const missing = texts.filter(
      (text) => !tests.includes(text) && !tests.includes(text.replace(/`/g, '\\`')),
    );
    expect(missing).toEqual([]);
  });
});
