import type { Decimal } from '@etf-replicator/core/shared/decimal';
import { AmountInput } from '@/components/ui/amount-input';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SwitchField } from '@/components/ui/switch-field';
import { TextField } from '@/components/ui/text-field';
import { TRACKING_OPTIONS } from '@/config/tracking-options';
import { formatMoney } from '@/lib/format';

export type ImportOptionValues = {
  /** Issue 30: a blend typed as "VTI 70, QQQ 30" instead of the ETF picked (empty: that ETF). */
  blend: string;
  amount: string;
  fractionalShares: boolean;
  autoTracking: boolean;
  /** Issue 31: whether the orders may realise short-term gains (off by default, as in the gains budget form). */
  allowShortTermGains: boolean;
};

/**
 * The new tracking's options in the import: a blend of ETFs instead of the ETF picked, target amount (empty: the
 * positions' value plus the file's cash), fractional shares, auto-tracking, and whether its orders may realise
 * short-term gains.
 */
export const ImportOptions = ({
  values,
  onChange,
  amountError,
  blendError,
  defaultTarget,
  disabled,
}: {
  values: ImportOptionValues;
  onChange: (change: Partial<ImportOptionValues>) => void;
  amountError: string | undefined;
  blendError: string | undefined;
  /** What an empty amount means once a preview is in. */
  defaultTarget: Decimal | undefined;
  disabled: boolean;
}) => (
  <fieldset className="min-w-0 space-y-4 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
    <legend className="sr-only">Tracking options</legend>
    <TextField
      label="Or a blend of ETFs (optional)"
      placeholder="VTI 70, QQQ 30"
      autoComplete="off"
      spellCheck={false}
      value={values.blend}
      invalid={blendError !== undefined}
      hint={blendError}
      disabled={disabled}
      onChange={(event) => onChange({ blend: event.target.value })}
    />
    <AmountInput
      label="Target amount (USD, optional)"
      placeholder="Positions' value"
      hint={
        defaultTarget === undefined
          ? "Leave empty to use the positions' value plus the file's cash."
          : `Leave empty to use the positions' value plus the file's cash: ${formatMoney(defaultTarget)}.`
      }
      value={values.amount}
      error={amountError}
      onValueChange={(amount) => onChange({ amount })}
    />
    <SwitchField
      {...TRACKING_OPTIONS.fractionalShares}
      checked={values.fractionalShares}
      disabled={disabled}
      onToggle={() => onChange({ fractionalShares: !values.fractionalShares })}
    />
    <SwitchField
      {...TRACKING_OPTIONS.autoTracking}
      checked={values.autoTracking}
      disabled={disabled}
      onToggle={() => onChange({ autoTracking: !values.autoTracking })}
    />
    <CheckboxField
      label="Allow short-term gains"
      hint="Off: no sale closes a lot held one year or less at a gain (those are taxed as income), nor a lot whose date the file does not give."
      checked={values.allowShortTermGains}
      disabled={disabled}
      onChange={(event) => onChange({ allowShortTermGains: event.target.checked })}
    />
  </fieldset>
);
