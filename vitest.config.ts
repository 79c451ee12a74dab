import { defineConfig } from 'vitest/config';

/** One runner, three projects: the contract's pure helpers, the server (API through app.inject), the web's pure logic. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          // One browser at a time: the machine has two cores and the server needs one.
          fileParallelism: false,
          // The browser waits on a loaded two-core machine (the server suite runs beside it): a screen that
          // settles in 1 s alone can take several; expect.poll's 1 s default made slow-but-right screens fail.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
