import { z } from 'zod';

/** Texts of spec 2 §5/§8 shared by the feedback form and the API. */
export const feedbackMessages = {
  invalidEmail: 'Please enter a valid email or leave it blank',
  blankMessage: 'Please provide your feedback',
  tooManyImages: 'You can upload a maximum of 5 images.',
  submitFailed: 'Failed to submit feedback. Please try again later.',
  loadFailed: 'Failed to load feedback data.',
  success: 'Thanks for your feedback!',
  notAnImage: 'Only image files (PNG, JPEG, GIF or WebP) can be attached.',
  imageTooLarge: 'Each image must be 5 MB or smaller.',
} as const;

export const MAX_FEEDBACK_IMAGES = 5;
export const MAX_FEEDBACK_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_FEEDBACK_MESSAGE_LENGTH = 10_000;

/** The "simple address pattern" of spec 2 §5. */
export const FEEDBACK_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (max: number) => z.string().max(max);

/** The `feedback` part of POST /api/feedback (spec 2 §3, "Feedback submission"). */
export const feedbackSubmissionSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || FEEDBACK_EMAIL_PATTERN.test(value), feedbackMessages.invalidEmail),
  message: z
    .string()
    .max(MAX_FEEDBACK_MESSAGE_LENGTH, `Feedback can be at most ${MAX_FEEDBACK_MESSAGE_LENGTH} characters.`)
    .refine((value) => value.trim().length > 0, feedbackMessages.blankMessage),
  timestamp: z.iso.datetime({ offset: true }).optional(),
  userAgent: text(1000).optional(),
  language: text(100).optional(),
  screenResolution: text(50).optional(),
  timeZone: text(100).optional(),
  referrer: text(2000).optional(),
  pageUrl: text(2000).optional(),
});
export type FeedbackSubmission = z.input<typeof feedbackSubmissionSchema>;

/** A record of GET /api/retrieve-feedback (spec 2 §3, "Feedback record"). */
export const feedbackRecordSchema = z.object({
  id: z.string(),
  message: z.string(),
  email: z.string().nullable(),
  timestamp: z.string(),
  pageUrl: z.string().nullable(),
  images: z.array(z.string()),
  imageTypes: z.array(z.string()),
});
export type FeedbackRecord = z.infer<typeof feedbackRecordSchema>;
