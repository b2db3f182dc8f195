/** A rate (percent, decimal string) truncated to 2 decimals: "87.35%"; an em dash when there is none. */
export const formatRate = (rate: string | null | undefined): string => {
  if (rate === null || rate === undefined || !/^-?\d+(\.\d+)?$/.test(rate)) return '—';
  const [whole, fraction = ''] = rate.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}%`;
};
