import { D } from '../../shared/decimal';
import type {
  ChangeDriftAlertSettings,
  ChangeLotMethod,
  ChangeNumberOfWeightings,
  DeleteTracking,
  ToggleAutoTracking,
  ToggleFractional,
} from '../commands';
import { trackingErrors } from '../errors';
import type {
  AutoTrackingToggled,
  DriftAlertSettingsChanged,
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
 * Sets how later SELLs pick their lots (HIFO, FIFO or TAX_OPTIMAL). Sales already recorded keep the lots they closed. Asking for
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

const THRESHOLD_TEXT = /^\d+(\.\d{1,2})?$/;

/** The threshold as a canonical decimal string, or a validation error: 0.01 ≤ points ≤ 100, at most 2 decimals. */
export const checkDriftThreshold = (value: string | number): string => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!THRESHOLD_TEXT.test(text)) throw trackingErrors.invalidDriftThreshold();
  const points = new D(text);
  if (points.lt('0.01') || points.gt(100)) throw trackingErrors.invalidDriftThreshold();
  return points.toFixed();
};

/** Sets the drift alert (on/off, threshold). Asking for what is already set changes nothing. */
export const changeDriftAlertSettings = (
  { data, metadata }: ChangeDriftAlertSettings,
  state: Tracking,
): DriftAlertSettingsChanged[] => {
  const tracking = requireActive(state, metadata);
  const thresholdPoints = checkDriftThreshold(data.thresholdPoints);
  const current = tracking.driftAlert;
  if (current.enabled === data.enabled && new D(current.thresholdPoints).eq(thresholdPoints)) return [];
  return emit<DriftAlertSettingsChanged>(metadata, 'DriftAlertSettingsChanged', {
    enabled: data.enabled,
    thresholdPoints,
    previousEnabled: current.enabled,
    previousThresholdPoints: current.thresholdPoints,
    occurredAt: occurredAt(metadata),
  });
};
