import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatMoney, formatPercent, formatShares } from '@/lib/format';
import { notify } from '@/lib/notify';
import { type TaxLossHarvestingResponse, useHarvestingCandidates } from '../api/get-harvesting-candidates';
import { type HarvestResponse, useHarvest } from '../api/harvest';
import { CandidateCard } from './candidate-card';
import { type HarvestChoice, HarvestDialog } from './harvest-dialog';
import { MinLossFilter } from './min-loss-filter';
import { LoadError, SectionCard } from './section-card';
import { SubstitutionsList } from './substitutions-list';

/** "at least $100.00 or 5.00%": the threshold the server applied. */
const thresholdText = ({ amount, percent }: TaxLossHarvestingResponse['minLoss']): string =>
  [amount === null ? undefined : formatMoney(amount), percent === null ? undefined : formatPercent(percent)]
    .filter(Boolean)
    .join(' or ');

const HarvestDone = ({ result }: { result: HarvestResponse }) => (
  <div role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200">
    <p className="font-semibold">
      {`Harvested ${result.substitution.symbol}: a loss of ${formatMoney(result.realisedLoss)} realised.`}
    </p>
    <p className="mt-1">
      {result.orders
        .map(
          (order) =>
            `${order.orderType} ${formatShares(order.shares)} ${order.symbol} at ${formatMoney(order.price)}`,
        )
        .join(' · ')}
      {` · cash left over ${formatMoney(result.leftover)}. Revert it below or in the transaction history.`}
    </p>
  </div>
);

/** Holdings at a loss worth harvesting, the replacement to buy, the wash-sale status, and the harvest itself. */
export const HarvestingSection = ({
  trackingId,
  fractional,
}: {
  trackingId: string;
  fractional: boolean;
}) => {
  const [minLoss, setMinLoss] = useState<string>();
  const [choice, setChoice] = useState<HarvestChoice>();
  const [result, setResult] = useState<HarvestResponse>();
  const candidates = useHarvestingCandidates(trackingId, minLoss);
  const harvest = useHarvest(trackingId, {
    onSuccess: (answer) => {
      setResult(answer);
      setChoice(undefined);
    },
    onError: (error) => {
      notify.error(isApiError(error) && error.message ? error.message : 'The harvest could not be recorded.');
      setChoice(undefined);
    },
  });
  const data = candidates.data;
  return (
    <SectionCard
      title="Tax-loss harvesting"
      intro="Sell lots at a loss to offset gains, and buy a similar stock of the same ETF and sector instead."
    >
      <MinLossFilter
        onApply={(value) => {
          setMinLoss(value);
          setResult(undefined);
        }}
      />
      {result && data?.substitutions.some((item) => item.harvestId === result.harvestId) && (
        <HarvestDone result={result} />
      )}
      {candidates.isPending ? (
        <Spinner label="Looking for losses…" />
      ) : candidates.isError || !data ? (
        isApiError(candidates.error, 400) ? (
          <p role="alert" className="text-sm text-red-700">
            {candidates.error.message}
          </p>
        ) : (
          <LoadError what="The harvesting candidates" onRetry={() => void candidates.refetch()} />
        )
      ) : (
        <>
          <p className="text-xs text-slate-500">
            {`Holdings whose loss lots lose at least ${thresholdText(data.minLoss)}`}
            {data.snapshotAsOf ? `, at the prices of ${formatDate(data.snapshotAsOf)}.` : '.'}
          </p>
          {data.candidates.length === 0 ? (
            <p className="text-sm text-slate-600">
              No holding loses that much right now. Nothing to harvest.
            </p>
          ) : (
            <ul className="space-y-3" aria-busy={candidates.isFetching}>
              {data.candidates.map((candidate) => (
                <CandidateCard
                  key={candidate.symbol}
                  candidate={candidate}
                  disabled={harvest.isPending}
                  onHarvest={(picked, replacement) => {
                    const chosen = picked.replacements.find((option) => option.symbol === replacement);
                    if (chosen) setChoice({ candidate: picked, replacement: chosen });
                  }}
                />
              ))}
            </ul>
          )}
          <SubstitutionsList trackingId={trackingId} substitutions={data.substitutions} />
        </>
      )}
      <HarvestDialog
        choice={choice}
        fractional={fractional}
        pending={harvest.isPending}
        onConfirm={({ candidate, replacement }) =>
          harvest.mutate({ trackingId, symbol: candidate.symbol, replacement: replacement.symbol })
        }
        onClose={() => setChoice(undefined)}
      />
    </SectionCard>
  );
};
