import type { WashSaleWarning } from '@etf-replicator/core/contracts/taxes';
import { washSaleText } from '@/features/taxes/utils/wash-sale-text';

/** After a BUY recorded inside a wash-sale window: the loss it disallowed (the order is recorded all the same). */
export const WashSaleNotice = ({
  warnings,
  onDismiss,
}: {
  warnings: readonly WashSaleWarning[];
  onDismiss: () => void;
}) =>
  warnings.length === 0 ? null : (
    <div
      role="status"
      className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <ul className="space-y-1">
        {warnings.map((warning) => (
          <li key={`${warning.symbol}-${warning.saleDate}`} className="break-words">
            {washSaleText(warning)}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onDismiss}
        className="mt-2 font-semibold text-amber-900 underline focus-visible:outline-2 focus-visible:outline-amber-600"
      >
        Dismiss
      </button>
    </div>
  );
