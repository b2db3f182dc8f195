import { createHash } from 'node:crypto';
import { feedbackMessages, MAX_FEEDBACK_IMAGES } from '@etf-replicator/core/contracts/feedback';
import type { StoredImage } from '@etf-replicator/projections/feedback/queries';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error';
import { sniffImageType } from './image-sniffing';

export type MultipartFeedback = { readonly feedbackJson: string | undefined; readonly images: StoredImage[] };

const codeOf = (error: unknown) => (error as { code?: string } | null)?.code;

/**
 * Reads the `feedback` JSON part (a text field or a JSON file part) and the `images` file parts. Rejects non-images by their bytes, more than five
 * images, and oversized files, always draining the request so the client gets an answer rather than a reset.
 */
export const readMultipartFeedback = async (request: FastifyRequest): Promise<MultipartFeedback> => {
  if (!request.isMultipart()) throw new HttpError(400, 'Expected a multipart/form-data body');
  let feedbackJson: string | undefined;
  const images: StoredImage[] = [];
  let imageParts = 0;
  let notAnImage = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'feedback') feedbackJson = String(part.value);
        continue;
      }
      if (part.fieldname === 'feedback') {
        // Issue 15: many clients send the JSON as a file part (a Blob of type application/json); read it the same.
        feedbackJson = (await part.toBuffer()).toString('utf8');
        continue;
      }
      if (part.fieldname !== 'images') {
        part.file.resume();
        continue;
      }
      imageParts++;
      const bytes = await part.toBuffer();
      if (imageParts > MAX_FEEDBACK_IMAGES) continue;
      const mediaType = sniffImageType(bytes);
      if (!mediaType) {
        notAnImage = true;
        continue;
      }
      images.push({ mediaType, bytes, sha256: createHash('sha256').update(bytes).digest('hex') });
    }
  } catch (error) {
    const code = codeOf(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, feedbackMessages.imageTooLarge);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, feedbackMessages.tooManyImages);
    // Anything else here is the body itself failing to parse (a truncated or malformed multipart stream).
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new HttpError(400, 'The upload could not be read. Please try again.');
  }
  if (imageParts > MAX_FEEDBACK_IMAGES) throw new HttpError(400, feedbackMessages.tooManyImages);
  if (notAnImage) throw new HttpError(400, feedbackMessages.notAnImage);
  return { feedbackJson, images };
};
