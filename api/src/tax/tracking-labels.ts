const day = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * How the tax report names each of the investor's trackings: the ETF symbol, with the creation date when two
 * trackings share it, and "deleted" for a deleted one ("SPY", "SPY (created Mar 3, 2026)", "QQQ (deleted)").
 */
export const trackingLabels = (
  trackings: readonly { trackingId: string; symbol: string; deleted: boolean; createdAt: string }[],
): Map<string, string> => {
  const perSymbol = new Map<string, number>();
  for (const tracking of trackings) perSymbol.set(tracking.symbol, (perSymbol.get(tracking.symbol) ?? 0) + 1);
  return new Map(
    trackings.map((tracking) => {
      const notes = [
        ...((perSymbol.get(tracking.symbol) ?? 0) > 1
          ? [`created ${day.format(Date.parse(tracking.createdAt))}`]
          : []),
        ...(tracking.deleted ? ['deleted'] : []),
      ];
      return [
        tracking.trackingId,
        notes.length > 0 ? `${tracking.symbol} (${notes.join(', ')})` : tracking.symbol,
      ];
    }),
  );
};
