import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { PageLoader } from '@/components/ui/spinner';
import { createQueryClient } from '@/lib/react-query';
import { restoreSession, settleSessionAtStartup } from '@/lib/session';
import { useSession } from '@/stores/session-store';

/** Waits for the start-up refresh (spec 1 §4) before the first route renders, so guards see the real session. */
const SessionGate = ({ children }: { children: ReactNode }) => {
  const [ready, setReady] = useState(() => !settleSessionAtStartup());
  useEffect(() => {
    if (!ready) void restoreSession().finally(() => setReady(true));
  }, [ready]);
  return ready ? children : <PageLoader label="Signing you in…" />;
};

export const AppProvider = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  // Server state belongs to the signed-in user: drop it when the session ends.
  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        if (previous.accessToken !== undefined && state.accessToken === undefined) queryClient.clear();
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGate>{children}</SessionGate>
      <Toaster richColors closeButton position="top-right" duration={5000} />
    </QueryClientProvider>
  );
};
