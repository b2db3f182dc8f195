import { feedbackRecordSchema } from '@etf-replicator/core/contracts/feedback';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** Spec 2 §3 "Feedback record": the time may be a number of seconds or a date string; image types default to png. */
const feedbackItemSchema = feedbackRecordSchema.extend({
  email: z.string().nullish(),
  timestamp: z.union([z.number(), z.string()]),
  pageUrl: z.string().nullish(),
  images: z
    .array(z.string())
    .nullish()
    .transform((images) => images ?? []),
  imageTypes: z
    .array(z.string())
    .nullish()
    .transform((types) => types ?? []),
  /** Signed links to the screenshots (our API's addition; the viewer asks for them instead of base64); same-origin only. */
  imageUrls: z
    .array(z.string())
    .nullish()
    .transform((urls) => (urls ?? []).filter((url) => url.startsWith('/api/retrieve-feedback/'))),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const FEEDBACK_PAGE_SIZE = 100;

/**
 * GET /api/retrieve-feedback (admin; with credentials), page by page until a short page. `images=links`: the records
 * stay small (screenshots come by link when a row is opened, not in base64), so the viewer keeps one list and count.
 */
export const getFeedback = async (): Promise<FeedbackItem[]> => {
  const all: FeedbackItem[] = [];
  for (let page = 0; ; page++) {
    const batch = z
      .array(feedbackItemSchema)
      .parse(
        await api.get<unknown>(`/api/retrieve-feedback?page=${page}&size=${FEEDBACK_PAGE_SIZE}&images=links`),
      );
    all.push(...batch);
    if (batch.length < FEEDBACK_PAGE_SIZE) return all;
  }
};

export const getFeedbackQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'feedback'], queryFn: getFeedback, staleTime: 0 });

export const useFeedback = () => useQuery(getFeedbackQueryOptions());
