import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** Answers the Google consent URL to send the browser to (spec 1 §7: the body is the URL). */
export const getGoogleConnectUrl = async (): Promise<string> => {
  const body = await api.get<unknown>('/api/manage-connection/google');
  if (typeof body === 'string') return body;
  const url = (body as { url?: unknown } | null)?.url;
  if (typeof url === 'string') return url;
  throw new Error('The server did not answer a URL');
};

export const useConnectGoogle = ({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<typeof getGoogleConnectUrl>;
} = {}) => useMutation({ ...mutationConfig, mutationFn: getGoogleConnectUrl });
