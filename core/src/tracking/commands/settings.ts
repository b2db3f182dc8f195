import type {
  ChangeLotMethod,
  ChangeNumberOfWeightings,
  DeleteTracking,
  ToggleAutoTracking,
  ToggleFractional,
} from '../commands';
import { trackingErrors } from '../errors';
import type {
  AutoTrackingToggled,
  FractionalSharesToggled,
  LotMethodChanged,
  NumberOfWeightingsChanged,
  TrackingDeleted,
} from '../events';
import { LOT_METHODS, type LotMethod } from '../lots';
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

/**
 * Sets how later SELLs pick their lots (HIFO or FIFO). Sales already recorded keep the lots they closed. Asking for
 * the current method changes nothing.
 */
export const changeLotMethod = ({ data, metadata }: ChangeLotMethod, state: Tracking): LotMethodChanged[] => {
  const tracking = requireActive(state, metadata);
  const lotMethod = data.lotMethod.trim().toUpperCase();
  if (!(LOT_METHODS as readonly string[]).includes(lotMethod)) throw trackingErrors.invalidLotMethod();
  if (lotMethod === tracking.settings.lotMethod) return [];
  return emit<LotMethodChanged>(metadata, 'LotMethodChanged', {
    lotMethod: lotMethod as LotMethod,
    previousLotMethod: tracking.settings.lotMethod,
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
