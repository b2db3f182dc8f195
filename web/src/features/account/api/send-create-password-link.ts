import { useMutation } from '@tanstack/react-query';
import { publicApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type CreatePasswordLinkInput = { email: string; hostname: string };

/** The create-password link goes through the forgot-password endpoint (spec 1 §4). */
export const sendCreatePasswordLink = (data: CreatePasswordLinkInput): Promise<unknown> =>
  publicApi.post('/api/auth/forgot-password', data);

export const useSendCreatePasswordLink = ({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<typeof sendCreatePasswordLink>;
} = {}) => useMutation({ ...mutationConfig, mutationFn: sendCreatePasswordLink });

export const createPasswordLinkSent = (email: string): string =>
  `We sent a message to ${email} with a link to create your password. Check your email!`;
export const CREATE_PASSWORD_LINK_FAILED = 'An error occurred while sending the email. Please try again.';
