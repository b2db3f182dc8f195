import { z } from 'zod';

export const FEEDBACK_SUBMITTED = 'FeedbackSubmitted';

/** FeedbackSubmitted v1: the submission without image bytes (those live in feedback_images). */
export const feedbackSubmittedSchema = z.object({
  feedbackId: z.uuid(),
  userId: z.string().nullable(),
  email: z.string().nullable(),
  message: z.string(),
  submittedAt: z.iso.datetime(),
  context: z.object({
    timestamp: z.string().optional(),
    userAgent: z.string().optional(),
    language: z.string().optional(),
    screenResolution: z.string().optional(),
    timeZone: z.string().optional(),
    referrer: z.string().optional(),
    pageUrl: z.string().optional(),
  }),
  images: z.array(z.object({ mediaType: z.string(), size: z.number().int(), sha256: z.string() })),
});
export type FeedbackSubmitted = z.infer<typeof feedbackSubmittedSchema>;

export const feedbackStreamId = (feedbackId: string) => `feedback-${feedbackId}`;
