import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { callFunction, eventually, service, startFunctionsStack } from './helpers.ts';

describe.each(DRIVERS)('edge functions that fail on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startFunctionsStack(driver, {
      files: {
        'functions/syntax/index.ts': 'const answer = ;\nDeno.serve(() => new Response("x"));\n',
      },
    });
  });
  afterAll(() => stack?.close());

  it('answers 500 when the handler throws, and logs the error on the stack console', async () => {
    const errors = vi.spyOn(console, 'error');
    try {
      const { data, error } = await service(stack).functions.invoke('throws');
      expect(data).toBeNull();
      expect(error).toBeInstanceOf(FunctionsHttpError);
      const response = (error as FunctionsHttpError).context as Response;
      expect(response.status).toBe(500);
      expect(await response.text()).toBe('Internal Server Error');
      await eventually(() =>
        errors.mock.calls.some((call) => call.join(' ').includes('boom from the throws function')),
      );
    } finally {
      errors.mockRestore();
    }
    // The worker survives a thrown error and keeps serving.
    expect((await callFunction(stack, 'throws')).status).toBe(500);
  });

  it('stops a function that exceeds the wall-clock limit with 504, then serves again', async () => {
    const started = await callFunction(stack, 'slow?ms=0');
    expect(await started.text()).toBe('slept 0');
    const res = await callFunction(stack, 'slow');
    expect(res.status).toBe(504);
    const again = await callFunction(stack, 'slow?ms=10');
    expect(again.status).toBe(200);
    expect(await again.text()).toBe('slept 10');
  });

  it('answers WORKER_ERROR when the worker exits mid-request, and restarts it next call', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await callFunction(stack, 'exit');
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        code: 'WORKER_ERROR',
        message: 'Function exited due to an error (please check logs)',
      });
    }
    expect((await fetch(`${stack.url}/health`)).status).toBe(200);
  });

  it('answers BOOT_ERROR for a module that throws or does not parse', async () => {
    for (const name of ['broken', 'syntax', 'declared-missing']) {
      const res = await callFunction(stack, name);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        code: 'BOOT_ERROR',
        message: 'Function failed to start (please check logs)',
      });
    }
  });

  it('keeps the stack and the other functions running after crashes', async () => {
    await callFunction(stack, 'exit');
    await callFunction(stack, 'broken');
    expect((await fetch(`${stack.url}/health`)).status).toBe(200);
    const { data } = await service(stack).functions.invoke('open');
    expect(data).toBe('open to all');
  });
});
