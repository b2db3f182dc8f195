/**
 * How a refused order of a batch is named in the 400 answer ("Order 2 (SELL 5 AAPL): You cannot sell …"), and how a
 * client reads it back to say which symbol failed. Nothing of the batch was recorded.
 */
export const batchOrderFailure = {
  format: (
    index: number,
    order: { orderType: string; shares: string | number; symbol: string },
    reason: string,
  ) => `Order ${index + 1} (${order.orderType} ${String(order.shares)} ${order.symbol}): ${reason}`,
  parse: (message: string): { index: number; symbol: string; reason: string } | undefined => {
    const match = /^Order (\d+) \((?:BUY|SELL) \S+ (\S+)\): ([\s\S]*)$/.exec(message);
    return match
      ? { index: Number(match[1]) - 1, symbol: match[2] as string, reason: match[3] as string }
      : undefined;
  },
};
