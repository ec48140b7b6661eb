import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  describePasskeyError,
  isPasskeyCancel,
  PASSKEY_BROWSER_MESSAGES,
} from './passkey-errors.ts';

const webauthn = (code: string, causeName: string) => {
  const cause = new Error('x');
  cause.name = causeName;
  return Object.assign(new Error('x'), { name: causeName, code, cause });
};

describe('describePasskeyError', () => {
  it('says a cancelled or timed-out ceremony was cancelled', () => {
    expect(
      isPasskeyCancel(webauthn('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError')),
    ).toBe(true);
    expect(isPasskeyCancel(webauthn('ERROR_CEREMONY_ABORTED', 'AbortError'))).toBe(true);
  });

  it('says an address that cannot hold passkeys (an IP address) is the wrong one', () => {
    expect(describePasskeyError(webauthn('ERROR_INVALID_DOMAIN', 'SecurityError')).code).toBe(
      'passkey_wrong_address',
    );
  });

  it('tells a passkey the device already holds apart', () => {
    const e = webauthn('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'InvalidStateError');
    expect(describePasskeyError(e).message).toBe(
      'This device already holds a passkey for your account.',
    );
  });

  it("passes Auth's own errors on to describeError", () => {
    const e = { name: 'AuthApiError', status: 422, code: 'too_many_passkeys', message: 'x' };
    expect(describePasskeyError(e).code).toBe('too_many_passkeys');
    expect(isPasskeyCancel(e)).toBe(false);
  });
});

describe('docs/errors.md "Passkeys in the browser"', () => {
  it('lists every browser-side passkey code with its sentence, word for word', () => {
    const doc = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/errors.md'),
      'utf8',
    );
    const section = doc.split('\n## Passkeys in the browser\n')[1]!.split('\n## ')[0]!;
    const rows = section
      .split('\n')
      .filter((line) => /^\| `/.test(line))
      .map((line) =>
        line
          .slice(1, -1)
          .split(' | ')
          .map((cell) => cell.trim()),
      );
    const documented = Object.fromEntries(
      rows.map((cells) => [cells[0]!.replace(/`/g, ''), cells[cells.length - 1]]),
    );
    expect(documented).toEqual(PASSKEY_BROWSER_MESSAGES);
  });
});
