import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { getUserQueryOptions, type User } from './get-user';

export type DisconnectInput = { userId: string; providerType: string };

export const disconnectProvider = ({ providerType }: DisconnectInput): Promise<unknown> =>
  api.post('/api/manage-connection/disconnect', { providerType });

/** On success the provider is removed from the cached user, so the screen updates without a refetch. */
export const useDisconnectProvider = ({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<typeof disconnectProvider>;
} = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: disconnectProvider,
    onSuccess: (...args) => {
      const [, { userId, providerType }] = args;
      queryClient.setQueryData<User>(getUserQueryOptions(userId).queryKey, (user) =>
        user
          ? {
              ...user,
              oauthProviders: (user.oauthProviders ?? []).filter((entry) => entry.provider !== providerType),
            }
          : user,
      );
      onSuccess?.(...args);
    },
  });
};

export const DISCONNECT_SUCCESS = 'Disconnected successfully';
const PROVIDER_NOT_FOUND = 'Something went wrong. Provider not found.';

/** Spec 1 §8, disconnect: both catalogue texts are 400s, told apart by the server's message. */
export const disconnectErrorMessage = (error: unknown): string =>
  error instanceof ApiError && error.status === 400 && error.message === PROVIDER_NOT_FOUND
    ? PROVIDER_NOT_FOUND
    : 'Something went wrong. Please try again later.';
