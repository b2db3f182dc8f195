import type { OpenLot } from '@etf-replicator/core/contracts/taxes';
import { formatDate } from '@/lib/format';
import { carriedNote, holdingStartText, UNKNOWN } from '../utils/lot-text';
import { newYorkDate } from '../utils/ny-year';

/**
 * An open lot's dates: the New York trade date it was bought (unknown for an import without a date), the holding period's start (earlier
 * after a wash sale), and the disallowed loss it carries.
 */
export const LotDates = ({ lot }: { lot: OpenLot }) => {
  const carried = carriedNote(lot);
  return (
    <span className="min-w-0 text-slate-700">
      <span className="block">{`Acquired ${lot.dateKnown ? formatDate(newYorkDate(lot.acquiredAt)) : UNKNOWN}`}</span>
      <span className="block text-xs text-slate-500">{holdingStartText(lot)}</span>
      {carried && <span className="block text-xs break-words text-amber-800">{carried}</span>}
    </span>
  );
};
