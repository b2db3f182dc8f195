import type {
  ChangeNumberOfWeightings,
  DeleteTracking,
  ToggleAutoTracking,
  ToggleFractional,
} from '../commands';
import type {
  AutoTrackingToggled,
  FractionalSharesToggled,
  NumberOfWeightingsChanged,
  TrackingDeleted,
} from '../events';
import type { Tracking } from '../state';
import { checkNumberOfWeightings, emit, occurredAt, requireActive, requireOwner } from './guards';

export const toggleFractional = (
  { metadata }: ToggleFractional,
  state: Tracking,
): FractionalSharesToggled[] => {
  const tracking = requireActive(state, metadata);
  return emit<FractionalSharesToggled>(metadata, 'FractionalSharesToggled', {
    fractionalShares: !tracking.settings.fractionalShares,
    occurredAt: occurredAt(metadata),
  });
};

export const toggleAutoTracking = (
  { metadata }: ToggleAutoTracking,
  state: Tracking,
): AutoTrackingToggled[] => {
  const tracking = requireActive(state, metadata);
  return emit<AutoTrackingToggled>(metadata, 'AutoTrackingToggled', {
    autoTracking: !tracking.settings.autoTracking,
    occurredAt: occurredAt(metadata),
  });
};

/** Sets the top-N to follow (1 ≤ n ≤ the plan's cap). Asking for the current value changes nothing. */
export const changeNumberOfWeightings = (
  { data, metadata }: ChangeNumberOfWeightings,
  state: Tracking,
): NumberOfWeightingsChanged[] => {
  const tracking = requireActive(state, metadata);
  checkNumberOfWeightings(data.numberOfWeightings, data.numberOfWeightingsCap);
  if (data.numberOfWeightings === tracking.settings.numberOfWeightings) return [];
  return emit<NumberOfWeightingsChanged>(metadata, 'NumberOfWeightingsChanged', {
    numberOfWeightings: data.numberOfWeightings,
    previousNumberOfWeightings: tracking.settings.numberOfWeightings,
    occurredAt: occurredAt(metadata),
  });
};

/** Deletes the tracking (the log keeps everything; read models drop it). Deleting again changes nothing. */
export const deleteTracking = ({ metadata }: DeleteTracking, state: Tracking): TrackingDeleted[] => {
  if (state.status === 'Deleted') {
    requireOwner(state, metadata);
    return [];
  }
  requireActive(state, metadata);
  return emit<TrackingDeleted>(metadata, 'TrackingDeleted', { occurredAt: occurredAt(metadata) });
};
