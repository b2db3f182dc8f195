import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshAccessToken } from '@/lib/session';
import { useSession } from '@/stores/session-store';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Back from Stripe's checkout (`?checkout=success`) or portal (`?portal=return`), the plan changes when Stripe's
 * webhook arrives, shortly before or after. Refresh the session a few times so the plan claim (sidebar label,
 * gated features) follows without signing in again.
 */
export const useRefreshOnReturn = (
  params: URLSearchParams,
  { attempts = 5, intervalMs = 1500 }: { attempts?: number; intervalMs?: number } = {},
) => {
  const queryClient = useQueryClient();
  const checkout = params.get('checkout') === 'success';
  const portal = params.get('portal') === 'return';
  useEffect(() => {
    if (!checkout && !portal) return;
    let cancelled = false;
    const startPlan = useSession.getState().plan;
    void (async () => {
      for (let attempt = 0; attempt < attempts && !cancelled; attempt++) {
        try {
          await refreshAccessToken();
        } catch {
          return;
        }
        await queryClient.invalidateQueries();
        const plan = useSession.getState().plan;
        if ((checkout && plan) || (portal && plan !== startPlan)) return;
        await sleep(intervalMs);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [checkout, portal, attempts, intervalMs, queryClient]);
};
