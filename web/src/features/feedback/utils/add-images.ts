import {
  feedbackMessages,
  MAX_FEEDBACK_IMAGE_BYTES,
  MAX_FEEDBACK_IMAGES,
} from '@etf-replicator/core/contracts/feedback';

/** The image types the server accepts. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

const isAcceptedType = (type: string): boolean => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type);

/**
 * Adds picked files to the selection: non-images and files over 5 MB are left out, and beyond five images only the
 * first five are kept (spec 2 §5). `error` is the message to show, if any.
 */
export const addImages = (
  current: readonly File[],
  picked: readonly File[],
): { images: File[]; error: string | undefined } => {
  let error: string | undefined;
  const accepted = picked.filter((file) => {
    if (!isAcceptedType(file.type)) {
      error = feedbackMessages.notAnImage;
      return false;
    }
    if (file.size > MAX_FEEDBACK_IMAGE_BYTES) {
      error = feedbackMessages.imageTooLarge;
      return false;
    }
    return true;
  });
  const combined = [...current, ...accepted];
  if (combined.length > MAX_FEEDBACK_IMAGES) {
    return { images: combined.slice(0, MAX_FEEDBACK_IMAGES), error: feedbackMessages.tooManyImages };
  }
  return { images: combined, error };
};
