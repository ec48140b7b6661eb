// Test projects: unit (fast, beside the code), integration (the stack in-process through
// supabase-js), e2e (built app + stack in real Chromium).
import { defineConfig } from 'vitest/config';
import { ssrVersion } from './app/build/ssr-version.ts';

export default defineConfig({
  test: {
    projects: [
      {
        // The app's code names @supabase/ssr's version, which its build provides.
        plugins: [ssrVersion()],
        test: {
          name: 'unit',
          include: [
            'stack/src/**/*.test.ts',
            'app/src/**/*.test.{ts,tsx}',
            'app/build/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['stack/test/**/*.test.ts'],
          exclude: ['stack/test/chaos/**'],
          globalSetup: ['stack/test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // Faults and abuse against the stack as a child process (npm run test:chaos).
        test: {
          name: 'chaos',
          include: ['stack/test/chaos/**/*.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          setupFiles: ['e2e/support/failure-report.ts'],
          // What a page shows after a reload or another person's edit arrives on a loaded
          // machine: polled for as long as a locator waits, not vitest's default second.
          expect: { poll: { timeout: 20_000 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
