import { useId } from 'react';
import { SwitchField } from '@/components/ui/switch-field';
import { inputClasses } from '@/components/ui/text-field';
import { TRACKING_OPTIONS } from '@/config/tracking-options';
import { isApiError } from '@/lib/api-client';
import { formatPoints } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useChangeDriftAlert } from '../api/change-drift-alert';
import { useChangeNumberOfWeightings } from '../api/change-number-of-weightings';
import type { TrackingDetail } from '../api/get-tracking';
import { useToggleAutoTracking } from '../api/toggle-auto-tracking';
import { useToggleFractional } from '../api/toggle-fractional';
import { ExclusionsPanel } from './exclusions-panel';
import { WeightingsInput } from './weightings-input';

/** Thresholds offered (replication-rate points); a value set through the API is offered too. */
const THRESHOLDS = ['1', '2', '3', '5', '10'];

const failed = (error: unknown) =>
  notify.error(isApiError(error) && error.message ? error.message : 'The setting could not be changed.');

/**
 * Fractional shares, auto-tracking of the target amount, the number of weightings up to the plan's cap, drift alerts
 * and exclusions.
 */
export const PortfolioSettings = ({ detail, disabled }: { detail: TrackingDetail; disabled: boolean }) => {
  const thresholdId = useId();
  const driftAlert = detail.driftAlert ?? { enabled: true, thresholdPoints: '2' };
  const alerts = useChangeDriftAlert(detail.trackingId, { onError: failed });
  const thresholds = THRESHOLDS.includes(driftAlert.thresholdPoints)
    ? THRESHOLDS
    : [...THRESHOLDS, driftAlert.thresholdPoints].sort((a, b) => Number(a) - Number(b));
  const fractional = useToggleFractional(detail.trackingId, { onError: failed });
  const autoTracking = useToggleAutoTracking(detail.trackingId, { onError: failed });
  const weightings = useChangeNumberOfWeightings(detail.trackingId, { onError: failed });
  const busy =
    disabled || fractional.isPending || autoTracking.isPending || weightings.isPending || alerts.isPending;
  const cap = Math.max(1, detail.numberOfWeightingsCap);
  const shown = Math.min(detail.numberOfWeightings, cap);
  return (
    <section
      aria-labelledby="settings-heading"
      className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="settings-heading" className="text-lg font-semibold text-slate-900">
        Portfolio settings
      </h2>
      <SwitchField
        {...TRACKING_OPTIONS.fractionalShares}
        checked={detail.globalFractionalSharesThreshold > 0}
        disabled={busy}
        onToggle={() => fractional.mutate(detail.trackingId)}
      />
      <SwitchField
        {...TRACKING_OPTIONS.autoTracking}
        checked={detail.autoTrackingTargetAmountEnabled}
        disabled={busy}
        onToggle={() => autoTracking.mutate(detail.trackingId)}
      />
      <div>
        <WeightingsInput
          value={shown}
          cap={cap}
          disabled={busy}
          onApply={(numberOfWeightings) =>
            weightings.mutate({ trackingId: detail.trackingId, numberOfWeightings })
          }
        />
        {detail.effectiveNumberOfWeightings !== detail.numberOfWeightings && (
          <p className="mt-1 text-xs text-amber-800">
            {`You chose ${detail.numberOfWeightings}; your plan uses ${detail.effectiveNumberOfWeightings}.`}
          </p>
        )}
      </div>
      <SwitchField
        label="Drift alerts"
        hint="An e-mail and a notification when new prices move this tracking past the threshold."
        checked={driftAlert.enabled}
        disabled={busy}
        onToggle={() =>
          alerts.mutate({
            trackingId: detail.trackingId,
            enabled: !driftAlert.enabled,
            thresholdPoints: driftAlert.thresholdPoints,
          })
        }
      />
      {driftAlert.enabled && (
        <div>
          <label htmlFor={thresholdId} className="block text-sm font-medium text-slate-900">
            Alert threshold
          </label>
          <p className="text-xs text-slate-500">
            How far the replication rate may fall below the rate after your last order, or the money drift
            from the target in % of it.
          </p>
          <select
            id={thresholdId}
            className={`${inputClasses} mt-1.5 max-w-40`}
            value={driftAlert.thresholdPoints}
            disabled={busy}
            onChange={(event) =>
              alerts.mutate({
                trackingId: detail.trackingId,
                enabled: true,
                thresholdPoints: event.target.value,
              })
            }
          >
            {thresholds.map((points) => (
              <option key={points} value={points}>
                {formatPoints(points)}
              </option>
            ))}
          </select>
        </div>
      )}
      <ExclusionsPanel detail={detail} disabled={disabled} />
    </section>
  );
};
