import {
  messageResponseSchema,
  type ResendConfirmationRequest,
} from '@etf-replicator/core/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { isApiError, publicApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /api/auth/resend-confirmation: the same answer whether or not the address has an account. */
export const resendConfirmation = async (data: ResendConfirmationRequest): Promise<string> =>
  messageResponseSchema.parse(await publicApi.post<unknown>('/api/auth/resend-confirmation', data)).message;

export const useResendConfirmation = ({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<typeof resendConfirmation>;
} = {}) => useMutation({ ...mutationConfig, mutationFn: resendConfirmation });

export const RESEND_FAILED = 'The confirmation e-mail could not be sent. Please try again later.';

/** The server's reason for a refusal it explains (too many attempts, an invalid address), else a generic line. */
export const resendErrorMessage = (error: unknown): string =>
  (isApiError(error, 429) || isApiError(error, 400)) && error.message ? error.message : RESEND_FAILED;
