import { describe, it } from 'vitest';
import { DomainError } from '../../shared/domain-error';
import { DeciderSpecification } from '../../testing/decider-specification';
import { command, created, event } from '../../testing/tracking-fixtures';
import type {
  ChangeNumberOfWeightings,
  DeleteTracking,
  ToggleAutoTracking,
  ToggleFractional,
} from '../commands';
import { trackingDecider } from '../decider';
import type {
  AutoTrackingToggled,
  FractionalSharesToggled,
  NumberOfWeightingsChanged,
  TrackingDeleted,
} from '../events';

const given = DeciderSpecification.for(trackingDecider);
const change = (numberOfWeightings: number, numberOfWeightingsCap = 50) =>
  command<ChangeNumberOfWeightings>(
    'ChangeNumberOfWeightings',
    { numberOfWeightings, numberOfWeightingsCap },
    5,
  );
const refusedWith = (code: string, kind?: DomainError['kind']) => (error: unknown) =>
  error instanceof DomainError && error.code === code && (!kind || error.kind === kind);

describe('Tracking', () => {
  describe('When toggling settings', () => {
    it('turns fractional shares on, and off again', () => {
      given([created()])
        .when(command<ToggleFractional>('ToggleFractional', {}, 5))
        .then(event<FractionalSharesToggled>(5, 'FractionalSharesToggled', { fractionalShares: true }));
      given([created({ fractionalShares: true })])
        .when(command<ToggleFractional>('ToggleFractional', {}, 5))
        .then(event<FractionalSharesToggled>(5, 'FractionalSharesToggled', { fractionalShares: false }));
    });

    it('toggles auto-tracking of the target amount', () => {
      given([created()])
        .when(command<ToggleAutoTracking>('ToggleAutoTracking', {}, 5))
        .then(event<AutoTrackingToggled>(5, 'AutoTrackingToggled', { autoTracking: true }));
    });
  });

  describe('When changing the number of weightings', () => {
    it('records the new and the previous value', () => {
      given([created()])
        .when(change(25))
        .then(
          event<NumberOfWeightingsChanged>(5, 'NumberOfWeightingsChanged', {
            numberOfWeightings: 25,
            previousNumberOfWeightings: 10,
          }),
        );
    });

    it('changes nothing when asked for the current value', () => {
      given([created()]).when(change(10)).thenNothingHappened();
    });

    it("refuses more than the plan's cap, and less than 1", () => {
      given([created()])
        .when(change(51))
        .thenThrows(refusedWith('NUMBER_OF_WEIGHTINGS_ABOVE_PLAN', 'forbidden'));
      given([created()])
        .when(change(0))
        .thenThrows(refusedWith('INVALID_NUMBER_OF_WEIGHTINGS', 'validation'));
    });
  });

  describe('When deleting', () => {
    const remove = (actor?: string) => command<DeleteTracking>('DeleteTracking', {}, 5, actor);

    it('records the deletion', () => {
      given([created()])
        .when(remove())
        .then(event<TrackingDeleted>(5, 'TrackingDeleted', {}));
    });

    it('changes nothing when already deleted', () => {
      given([created(), event<TrackingDeleted>(1, 'TrackingDeleted', {})])
        .when(remove())
        .thenNothingHappened();
    });

    it("refuses another user's tracking", () => {
      given([created()]).when(remove('intruder')).thenThrows(refusedWith('NOT_TRACKING_OWNER', 'forbidden'));
    });
  });
});
