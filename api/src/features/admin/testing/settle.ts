import { waitForProjectionsToCatchUp } from '../../../infrastructure/infrastructure';
import type { TestApp } from '../../../testing/test-app';

/** Waits until every projection has applied every event committed so far (the box running the tests may be slow). */
export const settle = async (app: TestApp): Promise<void> => {
  if (
    !(await waitForProjectionsToCatchUp({ eventStore: app.testEventStore, projections: app.projections }))
  ) {
    throw new Error('Projections did not catch up with the log');
  }
};
