// A long-running stack behaves the same on its hundredth test run as on its first. Programs on
// this machine share one client address; what they do successfully never uses up a limit, while
// their failed attempts still count, so guessing from this machine is stopped as from anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { latest, raw, uniqueEmail } from './helpers.ts';

const LIMIT = 3;
const CONFIG = `
[auth.email]
enable_confirmations = true
max_frequency = "0s"
[auth.rate_limit]
email_sent = ${LIMIT}
sign_in_sign_ups = ${LIMIT}
token_refresh = ${LIMIT}
token_verifications = ${LIMIT}
`;

describe.each(DRIVERS)('requests from programs on this machine on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver, config: CONFIG });
  });
  afterAll(() => stack?.close());

  it('sign up, confirm and sign in many times more than the limits allow', async () => {
    for (let run = 0; run < 3 * LIMIT; run++) {
      const email = uniqueEmail('run');
      const up = await raw(stack, 'POST', '/signup', {
        body: { email, password: 'secret-password' },
      });
      expect(up.status).toBe(200);
      const code = (await latest(stack, email)).code;
      const verified = await raw(stack, 'POST', '/verify', {
        body: { type: 'signup', email, token: code },
      });
      expect(verified.status).toBe(200);
      const signIn = await raw(stack, 'POST', '/token?grant_type=password', {
        body: { email, password: 'secret-password' },
      });
      expect(signIn.status).toBe(200);
    }
  });

  it('are stopped at the configured limit when they guess', async () => {
    const email = uniqueEmail('guess');
    await raw(stack, 'POST', '/signup', { body: { email, password: 'secret-password' } });
    const code = (await latest(stack, email)).code;
    const guess = (token: string) =>
      raw(stack, 'POST', '/verify', { body: { type: 'signup', email, token } });
    for (let i = 0; i < LIMIT; i++) expect((await guess('000000')).status).toBe(403);
    const stopped = await guess(code!);
    expect(stopped.body).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });
    for (let i = 0; i < LIMIT; i++)
      expect(
        (
          await raw(stack, 'POST', '/token?grant_type=password', {
            body: { email: 'nobody@example.com', password: 'wrong' },
          })
        ).body.error_code,
      ).toBe('invalid_credentials');
    const refused = await raw(stack, 'POST', '/token?grant_type=password', {
      body: { email, password: 'secret-password' },
    });
    expect(refused.body.error_code).toBe('over_request_rate_limit');
  });
});
