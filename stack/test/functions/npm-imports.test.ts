import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { service, startFunctionsStack } from './helpers.ts';

// The one suite that needs the npm registry (the first run downloads npm:pg into Deno's cache).
describe.each(DRIVERS)('npm: imports in edge functions on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startFunctionsStack(driver);
  });
  afterAll(() => stack?.close());

  it('loads npm:pg and queries SUPABASE_DB_URL with it', async () => {
    const { data, error } = await service(stack).functions.invoke('npm-db');
    expect(error).toBeNull();
    expect(data).toEqual({ titles: ['first', 'second'] });
  });
});
