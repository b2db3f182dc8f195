import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** Component and unit tests of the web client: jsdom, the React plugin from vite.config.ts, jest-dom matchers. */
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['./src/testing/setup-tests.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      testTimeout: 30_000,
    },
  }),
);
