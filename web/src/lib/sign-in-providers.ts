import { signInProvidersSchema } from '@etf-replicator/core/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from '@/lib/api-client';

/**
 * GET /api/auth/providers: whether this server offers Google sign-in (issue 15: no dead Google buttons on the login
 * and register pages, nor a 'Connect to Google' that ends on 'Something went wrong' in the account settings).
 */
export const useSignInProviders = () =>
  useQuery({
    queryKey: ['sign-in-providers'],
    queryFn: async () => signInProvidersSchema.parse(await publicApi.get<unknown>('/api/auth/providers')),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
