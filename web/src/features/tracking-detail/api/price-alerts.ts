import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const priceAlertsSchema = z.object({
  priceAlerts: z.array(
    z.object({
      symbol: z.string(),
      from: z.string(),
      to: z.string(),
      changePercent: z.string(),
      snapshotDate: z.string(),
    }),
  ),
});
export type PriceAlerts = z.infer<typeof priceAlertsSchema>['priceAlerts'];

/** GET /api/trackings/{id}/price-alerts: held stocks whose price moved > 50 % with no recorded corporate action. */
export const usePriceAlerts = (trackingId: string) =>
  useQuery({
    queryKey: ['trackings', trackingId, 'price-alerts'],
    queryFn: async () =>
      priceAlertsSchema.parse(await api.get<unknown>(`/api/trackings/${trackingId}/price-alerts`))
        .priceAlerts,
    staleTime: 60_000,
  });
