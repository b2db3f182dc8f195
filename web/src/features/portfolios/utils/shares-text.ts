import { formatShares } from '@/lib/format';

/** "1 share", "2.5 shares": the count as formatShares shows it, with the noun agreeing with what is shown. */
export const sharesText = (shares: string): string => {
  const shown = formatShares(shares);
  return `${shown} ${shown === '1' ? 'share' : 'shares'}`;
};
