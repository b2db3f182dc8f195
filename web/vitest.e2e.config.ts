import { defineProject } from 'vitest/config';

/**
 * Browser journeys (playwright-core driving Debian's Chromium) against the real server on a fresh embedded store.
 * The global setup builds the web app, starts the server on a free port and stops it afterwards.
 */
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // expect.poll gives up after 1 s by default: too short for a busy CI machine; it returns as soon as it passes.
    expect: { poll: { timeout: 15_000 } },
  },
});
