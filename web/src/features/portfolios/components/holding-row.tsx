import type { PortfolioHolding } from '@etf-replicator/core/contracts/portfolio';
import { dec } from '@etf-replicator/core/shared/decimal';
import { formatMoney, formatPercent, formatShares } from '@/lib/format';
import { sharesText } from '../utils/shares-text';

const cell = 'px-3 py-2 max-sm:block max-sm:p-0';
/** Below 640 px each row is a card: the header row is hidden and every value carries its column name. */
const labelled =
  'max-sm:before:block max-sm:before:text-xs max-sm:before:font-normal max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]';
const number = `${cell} ${labelled} text-right tabular-nums whitespace-nowrap max-sm:text-left`;

/** One stock: its totals, and each tracking's part (label, shares, value; the target shares where they differ). */
export const HoldingRow = ({
  holding,
  labels,
}: {
  holding: PortfolioHolding;
  labels: ReadonlyMap<string, string>;
}) => (
  <tr
    data-holding={holding.symbol}
    className="max-sm:grid max-sm:grid-cols-3 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:py-3"
  >
    <th
      scope="row"
      className={`${cell} max-w-56 align-top font-semibold text-slate-900 max-sm:col-span-3 max-sm:max-w-none`}
    >
      {holding.symbol}
      {holding.name && (
        <span className="block truncate text-xs font-normal text-slate-500" title={holding.name}>
          {holding.name}
        </span>
      )}
    </th>
    <td data-label="Shares" className={`${number} align-top`}>
      {formatShares(holding.shares)}
    </td>
    <td data-label="Value" className={`${number} align-top`}>
      {formatMoney(holding.value)}
    </td>
    <td data-label="Weight" className={`${number} align-top`}>
      {formatPercent(holding.weight)}
      <span className="block text-xs text-slate-500 sm:hidden">{`target ${formatPercent(holding.targetWeight)}`}</span>
    </td>
    <td data-label="Target weight" className={`${number} align-top max-sm:hidden`}>
      {formatPercent(holding.targetWeight)}
    </td>
    <td data-label="Held by" className={`${cell} ${labelled} align-top max-sm:col-span-3`}>
      <ul className="space-y-0.5 text-xs">
        {holding.trackings.map((part) => (
          <li key={part.trackingId} className="text-slate-700">
            <span className="font-semibold text-slate-900">
              {labels.get(part.trackingId) ?? part.trackingId}
            </span>
            {`: ${sharesText(part.shares)} · `}
            <span className="whitespace-nowrap tabular-nums">{formatMoney(part.value)}</span>
            {!dec(part.targetShares).eq(dec(part.shares)) && (
              <span className="whitespace-nowrap text-slate-500">{` (target ${formatShares(part.targetShares)})`}</span>
            )}
          </li>
        ))}
      </ul>
    </td>
  </tr>
);
