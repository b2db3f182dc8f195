import { expect } from 'vitest';
import type { Command, Decider, Event } from '../shared/decider';

/**
 * Given/when/then for deciders, in the shape of Emmett's `DeciderSpecification`:
 *   const given = DeciderSpecification.for(trackingDecider);
 *   given([created]).when(executeOrder).then([orderExecuted]);
 * Test-only: it imports vitest's `expect`, so nothing outside tests may import it.
 */
export type ThenStep<E, S> = {
  then: (expected: E | readonly E[]) => void;
  thenNothingHappened: () => void;
  thenThrows: (check?: (error: unknown) => boolean) => void;
  /** The events, for assertions the other steps cannot express. */
  events: () => E[];
  /** The state after the given events and the command's events. */
  state: () => S;
};

export const DeciderSpecification = {
  for<S, C extends Command, E extends Event>(decider: Decider<S, C, E>) {
    return (givenEvents: E | readonly E[] = []) => ({
      when: (command: C): ThenStep<E, S> => {
        const history = Array.isArray(givenEvents) ? givenEvents : [givenEvents as E];
        const stateBefore = () => history.reduce(decider.evolve, decider.initialState());
        const run = () => decider.decide(command, stateBefore());
        return {
          // biome-ignore lint/suspicious/noThenProperty: Emmett's given/when/then shape; this object is never awaited.
          then: (expected) => {
            expect(run()).toEqual(Array.isArray(expected) ? expected : [expected]);
          },
          thenNothingHappened: () => {
            expect(run()).toEqual([]);
          },
          thenThrows: (check) => {
            let thrown: unknown;
            try {
              run();
            } catch (error) {
              thrown = error;
            }
            expect(thrown, 'expected decide to throw').toBeDefined();
            if (check) expect(check(thrown), `unexpected error: ${String(thrown)}`).toBe(true);
          },
          events: run,
          state: () => run().reduce(decider.evolve, stateBefore()),
        };
      },
    });
  },
};
