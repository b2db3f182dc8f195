import { type ReplicateResponse, replicateResponseSchema } from '@etf-replicator/core/contracts/trackings';
import { api } from '@/lib/api-client';

/** GET /api/replication/replicate?etfSymbol&investmentAmount: the target allocation for the amount. */
export const replicate = async ({
  symbol,
  amount,
}: {
  symbol: string;
  amount: string;
}): Promise<ReplicateResponse> =>
  replicateResponseSchema.parse(
    await api.get<unknown>(
      `/api/replication/replicate?etfSymbol=${encodeURIComponent(symbol)}&investmentAmount=${encodeURIComponent(amount)}`,
    ),
  );
