import type { TestApp } from '../../../testing/test-app';

/** Waits until every projection has applied the whole log (the box running the tests may be slow). */
export const settle = async (app: TestApp): Promise<void> => {
  const head = await app.testEventStore.headPosition();
  if (head && !(await app.projections.waitForPosition(head, { timeoutMs: 60_000 }))) {
    throw new Error('Projections did not catch up with the log');
  }
};
