import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/react-query';
import { useSession } from '@/stores/session-store';
import { SessionGate } from './session-gate';

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
      <Toaster
        richColors
        closeButton
        position="top-right"
        duration={5000}
        offset={{ top: 72 }}
        mobileOffset={{ top: 72 }}
      />
    </QueryClientProvider>
  );
};
