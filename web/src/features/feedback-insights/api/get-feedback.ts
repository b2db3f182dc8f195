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
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

/** GET /api/retrieve-feedback (admin; with credentials). */
export const getFeedback = async (): Promise<FeedbackItem[]> =>
  z.array(feedbackItemSchema).parse(await api.get<unknown>('/api/retrieve-feedback'));

export const getFeedbackQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'feedback'], queryFn: getFeedback, staleTime: 0 });

export const useFeedback = () => useQuery(getFeedbackQueryOptions());
