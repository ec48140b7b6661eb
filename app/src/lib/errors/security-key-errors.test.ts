import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeSecurityKeyError, SECURITY_KEY_MESSAGES } from './security-key-errors.ts';

const webauthn = (code: string, causeName: string) => {
  const cause = new Error('x');
  cause.name = causeName;
  return Object.assign(new Error('x'), { name: causeName, code, cause });
};

describe('describeSecurityKeyError', () => {
  it('says calmly that a cancelled or timed-out ceremony used no key', () => {
    const closed = webauthn('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError');
    expect(describeSecurityKeyError(closed)).toEqual({
      code: 'security_key_cancelled',
      message: 'No security key was used: the request was cancelled or timed out.',
    });
    expect(describeSecurityKeyError(webauthn('ERROR_CEREMONY_ABORTED', 'AbortError')).code).toBe(
      'security_key_cancelled',
    );
  });

  it('tells a key that is already a second step apart from a device that failed', () => {
    const again = webauthn('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'InvalidStateError');
    expect(describeSecurityKeyError(again).code).toBe('security_key_already_added');
    const broken = webauthn('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'UnknownError');
    expect(describeSecurityKeyError(broken).code).toBe('security_key_device_failed');
    const ip = webauthn('ERROR_INVALID_DOMAIN', 'SecurityError');
    expect(describeSecurityKeyError(ip).code).toBe('security_key_wrong_address');
  });

  it("speaks of a key, not a passkey sign-in, when Auth refuses the key's answer", () => {
    const refused = { name: 'AuthApiError', status: 400, code: 'webauthn_verification_failed' };
    expect(describeSecurityKeyError(refused).code).toBe('security_key_not_accepted');
  });

  it('speaks of second steps, not authenticator apps, when the name is taken or the list full', () => {
    const taken = { name: 'AuthApiError', status: 422, code: 'mfa_factor_name_conflict' };
    expect(describeSecurityKeyError(taken).code).toBe('security_key_name_taken');
    const full = { name: 'AuthApiError', status: 422, code: 'too_many_enrolled_mfa_factors' };
    expect(describeSecurityKeyError(full).code).toBe('security_key_too_many');
  });

  it("keeps Auth's other sentences", () => {
    const off = { name: 'AuthApiError', status: 422, code: 'mfa_webauthn_verify_not_enabled' };
    expect(describeSecurityKeyError(off).message).toBe('Security keys are not accepted right now.');
  });
});

describe('docs/errors.md "Security keys in the browser"', () => {
  it('lists every security-key code with its sentence, word for word', () => {
    const doc = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/errors.md'),
      'utf8',
    );
    const section = doc.split('\n## Security keys in the browser\n')[1]!.split('\n## ')[0]!;
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
    expect(documented).toEqual(SECURITY_KEY_MESSAGES);
  });
});
