import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import { formatDate, formatMoney, formatShares, formatSignedMoney } from '@/lib/format';
import {
  chosenLots,
  type FillDraft,
  fillAmount,
  lotDate,
  lotGainAt,
  lotMethodName,
  type OpenLot,
  typedNumber,
} from '../utils/fills-draft';

type Line = { order: AdjustmentOrderLine; draft: FillDraft; lots: readonly OpenLot[] };

const lotsText = (line: Line, lotMethod: string | undefined): string => {
  if (line.order.orderType === 'BUY') return `Opens a lot dated ${formatDate(line.draft.tradeDate)}`;
  if (line.draft.lotMode === 'method') return `Lots chosen by ${lotMethodName(lotMethod)}`;
  const fill = typedNumber(line.draft.price);
  const parts = chosenLots(line.draft, line.lots).map(({ lot, shares }) => {
    const realised = fill ? lotGainAt(lot, shares, fill) : null;
    const gain = fill
      ? realised
        ? `, gain ${formatSignedMoney(realised)}`
        : ', gain unknown (no cost basis)'
      : '';
    return `${formatShares(shares)} from the lot of ${lotDate(lot)}${gain}`;
  });
  return parts.length === 0 ? 'No lots chosen yet' : `Lots: ${parts.join('; ')}`;
};

/** "What will be recorded": shares × fill price = amount, the trade date and the lots, as Record will send them. */
export const FillSummary = ({
  lines,
  lotMethod,
}: {
  lines: readonly Line[];
  lotMethod: string | undefined;
}) => (
  <section aria-labelledby="fill-summary-heading" className="mt-4 rounded-lg bg-slate-50 p-3">
    <h3 id="fill-summary-heading" className="text-sm font-semibold text-slate-900">
      What will be recorded
    </h3>
    <ul className="mt-2 space-y-2">
      {lines.map((line) => {
        const amount = fillAmount(line.order, line.draft);
        const price = typedNumber(line.draft.price);
        return (
          <li key={`${line.order.symbol}:${line.order.orderType}`} className="min-w-0 text-sm text-slate-700">
            <p className="tabular-nums break-words">
              <span className="font-semibold text-slate-900">
                {line.order.orderType} {line.order.symbol}
              </span>
              {`: ${formatShares(line.order.shares)} × ${price ? formatMoney(price) : '—'} = ${
                amount ? formatMoney(amount) : '—'
              }, traded ${line.draft.tradeDate ? formatDate(line.draft.tradeDate) : '—'}`}
            </p>
            <p className="text-xs break-words text-slate-600">{lotsText(line, lotMethod)}</p>
          </li>
        );
      })}
    </ul>
  </section>
);
