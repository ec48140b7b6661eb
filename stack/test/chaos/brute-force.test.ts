// Brute force from the stack's own machine against every endpoint that accepts a secret, each
// guess with a new X-Forwarded-For: the stack checks exactly as many guesses as the configured
// limit allows (per bucket, shared by the endpoints that count against it), refuses the rest with
// 429, and refuses the right secret too once the limit is reached.
import { describe, expect, it } from 'vitest';
import { LIMITS, MFA_BURST, bruteForce } from './scenarios/brute-force.ts';

describe('brute force against every code-accepting endpoint', () => {
  it('is stopped at the configured limit, whatever X-Forwarded-For says', async () => {
    const report = await bruteForce(200);
    const context = `\n${JSON.stringify(report.attacks, null, 2)}\n${report.output}`;
    expect(report.stackExit, context).toBeUndefined();
    const limits: Record<string, number> = { ...LIMITS, mfaVerify: MFA_BURST };
    const checked: Record<string, number> = {};
    for (const attack of report.attacks) {
      expect(attack.other, `${attack.target}${context}`).toEqual({});
      expect(attack.right, `${attack.target}${context}`).toBe('429 over_request_rate_limit');
      checked[attack.bucket] = (checked[attack.bucket] ?? 0) + attack.checked;
    }
    for (const [bucket, n] of Object.entries(checked)) expect(n, bucket).toBe(limits[bucket]);
    expect(report.attacks).toHaveLength(8);
  });
});
