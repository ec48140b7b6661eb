import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { callFunction, startFunctionsStack } from './helpers.ts';

describe.each(DRIVERS)('edge function entrypoint forms on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startFunctionsStack(driver);
  });
  afterAll(() => stack?.close());

  it('serves a module that exports default { fetch }', async () => {
    const res = await callFunction(stack, 'default-export/x');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('default export saw /default-export/x');
  });

  it('runs EdgeRuntime.waitUntil work after the response', async () => {
    const res = await callFunction(stack, 'background', { method: 'POST' });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('accepted');
    let result = '';
    for (let i = 0; i < 50 && result !== 'background work finished'; i++) {
      result = await (await callFunction(stack, 'background/result')).text();
      if (result !== 'background work finished') await new Promise((r) => setTimeout(r, 100));
    }
    expect(result).toBe('background work finished');
  });
});
