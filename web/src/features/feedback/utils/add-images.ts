import {
  feedbackMessages,
  MAX_FEEDBACK_IMAGE_BYTES,
  MAX_FEEDBACK_IMAGES,
} from '@etf-replicator/core/contracts/feedback';
import { IMAGE_SIGNATURE_BYTES, sniffImageType } from '@etf-replicator/core/shared/image-signature';

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

/**
 * Issue 15: a file named .png whose bytes are not an image got a broken preview and a late server refusal. Checks
 * each picked file's leading bytes as the server does; `rejected` says whether any was left out.
 */
/** The first bytes of a file (FileReader: every browser, and jsdom, which has no Blob.arrayBuffer). */
const readHead = (file: File): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file.slice(0, IMAGE_SIGNATURE_BYTES));
  });

export const keepRealImages = async (
  picked: readonly File[],
): Promise<{ files: File[]; rejected: boolean }> => {
  const checks = await Promise.all(
    picked.map(async (file) => {
      const head = await readHead(file).catch(() => new Uint8Array());
      return sniffImageType(head) !== undefined;
    }),
  );
  return { files: picked.filter((_, index) => checks[index]), rejected: checks.includes(false) };
};

/** addImages after the byte check: a fake image is left out with the spec's message. */
export const addCheckedImages = async (
  current: readonly File[],
  picked: readonly File[],
): Promise<{ images: File[]; error: string | undefined }> => {
  const { files, rejected } = await keepRealImages(picked);
  const result = addImages(current, files);
  return rejected && result.error === undefined ? { ...result, error: feedbackMessages.notAnImage } : result;
};
