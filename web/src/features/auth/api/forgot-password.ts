import { useMutation } from '@tanstack/react-query';
import { publicApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type ForgotPasswordInput = { email: string; hostname: string };

export const requestPasswordReset = (data: ForgotPasswordInput): Promise<unknown> =>
  publicApi.post('/api/auth/forgot-password', data);

export const useRequestPasswordReset = ({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<typeof requestPasswordReset>;
} = {}) => useMutation({ ...mutationConfig, mutationFn: requestPasswordReset });
