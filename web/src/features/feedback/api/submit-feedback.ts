import type { FeedbackSubmission } from '@etf-replicator/core/contracts/feedback';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { useSession } from '@/stores/session-store';

export type FeedbackInput = { submission: FeedbackSubmission; images: readonly File[] };

const serverMessage = (body: unknown): string | undefined => {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : undefined;
};

/**
 * POST /api/feedback as multipart: the `feedback` JSON part and one `images` part per file. Sent with cookies and,
 * when signed in, the bearer token, so the server takes the e-mail from the session.
 */
export const submitFeedback = async ({ submission, images }: FeedbackInput): Promise<{ id: string }> => {
  const form = new FormData();
  form.append('feedback', JSON.stringify(submission));
  for (const image of images) form.append('images', image, image.name);
  const accessToken = useSession.getState().accessToken;
  let response: Response;
  try {
    response = await fetch('/api/feedback', {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
    });
  } catch {
    throw new ApiError(undefined, 'No Server Response');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, serverMessage(body) ?? response.statusText, body);
  return body as { id: string };
};

export const useSubmitFeedback = ({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<typeof submitFeedback>;
} = {}) => useMutation({ ...mutationConfig, mutationFn: submitFeedback });
