import type { WashSaleStatus as Status } from '@etf-replicator/core/contracts/taxes';
import { Badge } from '@/components/ui/badge';
import { washSaleText } from '../utils/countdown';

/** "Clear", or "Blocked until DATE — N days" and why (the IRS 30-day rule across all of the user's trackings). */
export const WashSaleStatus = ({ status, now = new Date() }: { status: Status; now?: Date }) => {
  const text = washSaleText(status, now);
  return (
    <div className="text-sm">
      <span className="text-slate-600">Wash sale: </span>
      <Badge tone={status.status === 'clear' ? 'green' : 'amber'}>
        <span aria-hidden="true" className="mr-1">
          {status.status === 'clear' ? '✓' : '⏳'}
        </span>
        <span>{text.label}</span>
      </Badge>
      {text.reason && <p className="mt-1 text-xs text-amber-800">{text.reason}</p>}
    </div>
  );
};
