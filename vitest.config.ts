import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    // Two cores on the reference machine; PGlite instances cost ~0.6 GB and 1–2 s each.
    maxWorkers: 2,
  },
});
