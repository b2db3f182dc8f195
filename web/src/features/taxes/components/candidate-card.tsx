import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatMoney, formatPercent, formatShares, formatSignedMoney } from '@/lib/format';
import type { HarvestCandidate } from '../api/get-harvesting-candidates';
import { ReplacementPicker } from './replacement-picker';
import { WashSaleStatus } from './wash-sale-status';

type Props = {
  candidate: HarvestCandidate;
  disabled: boolean;
  onHarvest: (candidate: HarvestCandidate, replacement: string) => void;
};

const Figure = ({ term, value }: { term: string; value: string }) => (
  <div className="min-w-0">
    <dt className="text-xs text-slate-500">{term}</dt>
    <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
  </div>
);

/** One holding worth harvesting: its loss, the lots it would sell, the wash-sale status and a replacement. */
export const CandidateCard = ({ candidate, disabled, onHarvest }: Props) => {
  const [replacement, setReplacement] = useState(candidate.replacements[0]?.symbol);
  const blocked = candidate.washSale.status === 'blocked';
  return (
    <li
      aria-label={`Harvest candidate ${candidate.symbol}`}
      className="space-y-3 rounded-lg p-4 ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0">
          <span className="font-semibold text-slate-900">{candidate.symbol}</span>
          {candidate.name && <span className="ml-2 text-sm text-slate-600">{candidate.name}</span>}
        </p>
        <p className="font-semibold text-red-700 tabular-nums">
          {`${formatSignedMoney(`-${candidate.loss}`)} (${formatPercent(`-${candidate.lossPercent}`)})`}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Figure
          term="Shares to sell"
          value={`${formatShares(candidate.shares)} of ${formatShares(candidate.sharesHeld)}`}
        />
        <Figure term="Proceeds" value={formatMoney(candidate.proceeds)} />
        <Figure term="Short-term loss" value={formatMoney(candidate.shortTermLoss)} />
        <Figure term="Long-term loss" value={formatMoney(candidate.longTermLoss)} />
      </dl>
      <WashSaleStatus status={candidate.washSale} />
      <ReplacementPicker
        symbol={candidate.symbol}
        replacements={candidate.replacements}
        selected={replacement}
        onSelect={setReplacement}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          disabled={disabled || blocked || replacement === undefined}
          onClick={() => replacement && onHarvest(candidate, replacement)}
        >
          {`Harvest ${candidate.symbol}…`}
        </Button>
        {blocked && (
          <span className="text-xs text-slate-500">
            The loss would be disallowed: harvest once it is clear.
          </span>
        )}
      </div>
    </li>
  );
};
