export type PricePoint = { date: string; close: number };

/** Closing prices by date, oldest first; rows without a usable price are dropped, never filled in. */
export const priceHistoryData = (
  rows: readonly { date: string; close: string | number | null }[],
): PricePoint[] =>
  rows
    .flatMap((row) => {
      const close = typeof row.close === 'string' ? Number(row.close) : row.close;
      return close !== null && Number.isFinite(close) && close > 0 ? [{ date: row.date, close }] : [];
    })
    .sort((a, b) => a.date.localeCompare(b.date));
