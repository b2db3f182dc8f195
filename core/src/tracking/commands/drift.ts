import { type Decimal, dec, ZERO } from '../../shared/decimal';
import type { CheckDrift, DriftBalance } from '../commands';
import type { DriftAlertRaised, DriftRecovered } from '../events';
import type { Tracking } from '../state';
import { emit, occurredAt, requireActive } from './guards';

/** |leftover| or |invested + leftover − target|, whichever is larger: how far the money is from the target. */
export const outOfBalance = ({ invested, leftover, target }: DriftBalance): Decimal => {
  const left = dec(leftover).abs();
  const over = dec(invested).add(dec(leftover)).sub(dec(target)).abs();
  return left.gt(over) ? left : over;
};

export type DriftVerdict = { readonly breached: boolean; readonly reasons: ('rate' | 'balance')[] };

/**
 * The threshold rule (issue 20), for a tracking with a reference (its last executed order): the rate fell
 * `thresholdPoints` or more below the reference rate, or the money drifted out of balance by more than
 * `thresholdPoints` % of the target beyond what it was at the reference. Without a reference nothing is measured
 * against (a new tracking is all leftover by design).
 */
export const driftVerdict = (data: CheckDrift['data'], thresholdPoints: string): DriftVerdict => {
  if (!data.reference) return { breached: false, reasons: [] };
  const points = dec(thresholdPoints);
  const reasons: ('rate' | 'balance')[] = [];
  if (dec(data.reference.rate).sub(dec(data.currentRate)).gte(points)) reasons.push('rate');
  const target = dec(data.targetAmount);
  const grown = outOfBalance(data.currentBalance).sub(outOfBalance(data.reference.balance));
  if (target.gt(ZERO) && grown.gt(target.mul(points).div(100))) reasons.push('balance');
  return { breached: reasons.length > 0, reasons };
};

/**
 * After a new snapshot: raise one alert when the tracking crossed its threshold and none is open, and at most one
 * per snapshot; note the recovery when an open alert's tracking is back within it. Off: nothing.
 */
export const checkDrift = (
  { data, metadata }: CheckDrift,
  state: Tracking,
): (DriftAlertRaised | DriftRecovered)[] => {
  const tracking = requireActive(state, metadata);
  if (!tracking.driftAlert.enabled) return [];
  const verdict = driftVerdict(data, tracking.driftAlert.thresholdPoints);
  const { openAlertId, alertedSnapshotIds } = tracking.drift;
  if (verdict.breached) {
    if (openAlertId !== null || alertedSnapshotIds.includes(data.snapshotEventId)) return [];
    return emit<DriftAlertRaised>(metadata, 'DriftAlertRaised', {
      snapshotEventId: data.snapshotEventId,
      userId: tracking.userId,
      etfSymbol: tracking.symbol,
      referenceRate: data.reference?.rate ?? null,
      currentRate: data.currentRate,
      thresholdPoints: tracking.driftAlert.thresholdPoints,
      outOfBalance: outOfBalance(data.currentBalance).toFixed(),
      targetAmount: data.targetAmount,
      reasons: verdict.reasons,
      occurredAt: occurredAt(metadata),
    });
  }
  if (openAlertId === null) return [];
  return emit<DriftRecovered>(metadata, 'DriftRecovered', {
    snapshotEventId: data.snapshotEventId,
    currentRate: data.currentRate,
    occurredAt: occurredAt(metadata),
  });
};
