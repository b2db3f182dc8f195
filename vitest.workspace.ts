import { defineProject } from 'vitest/config';

// One test project per package. Vitest 4 dropped workspace files, so vitest.config.ts imports this list.
const node = (name: string, extra: Parameters<typeof defineProject>[0]['test'] = {}) =>
  defineProject({
    test: {
      name,
      root: `./${name}`,
      environment: 'node',
      include: ['src/**/*.test.ts'],
      exclude: ['**/*.e2e.test.ts', '**/node_modules/**'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // expect.poll gives up after 1 s by default: too short for a busy CI machine; it returns as soon as it passes.
      expect: { poll: { timeout: 15_000 } },
      ...extra,
    },
  });

export const projects = [
  node('core'),
  node('projections', { globalSetup: ['../projections/src/testing/global-setup.ts'] }),
  node('api', { globalSetup: ['../projections/src/testing/global-setup.ts'] }),
  node('scripts', { globalSetup: ['../projections/src/testing/global-setup.ts'] }),
  // The web client: jsdom component tests, and browser journeys against the real server (web/e2e).
  './web/vitest.config.ts',
  './web/vitest.e2e.config.ts',
];
