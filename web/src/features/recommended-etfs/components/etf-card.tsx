import { marketDataMessages, type RecommendedEtf } from '@etf-replicator/core/contracts/market-data';
import type { ReactNode } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

type Props = { etf: RecommendedEtf; onDetails: () => void; logo: ReactNode };

/**
 * One recommended ETF: logo, symbol, name, 'Details' and 'Replicate' (spec 2 §2). An ETF our market data cannot
 * replicate (issue 32: LEAD has no current holdings list) gets no Replicate button but the reason instead.
 */
export const EtfCard = ({ etf, onDetails, logo }: Props) => (
  <li className="flex flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
    <div className="flex items-center gap-3">
      {logo}
      <div className="min-w-0">
        <h2 className="text-lg font-semibold text-slate-900">{etf.symbol}</h2>
        <p className="truncate text-sm text-slate-600" title={etf.name}>
          {etf.name}
        </p>
      </div>
    </div>
    {!etf.replicable && (
      <p className="mt-3 text-sm text-amber-800">
        {`${etf.unavailableReason ?? marketDataMessages.noHoldingsList}, so it cannot be replicated.`}
      </p>
    )}
    <div className="mt-auto flex gap-3 pt-5">
      <Button variant="secondary" onClick={onDetails} aria-label={`Details ${etf.symbol}`}>
        Details
      </Button>
      {etf.replicable && (
        <ButtonLink to={paths.newTrackingFor(etf.symbol)} aria-label={`Replicate ${etf.symbol}`}>
          Replicate
        </ButtonLink>
      )}
    </div>
  </li>
);
