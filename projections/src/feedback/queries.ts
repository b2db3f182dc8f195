import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

export type StoredImage = { readonly mediaType: string; readonly bytes: Buffer; readonly sha256: string };

export const saveFeedbackImages = async (
  db: CommonQueryMethods,
  feedbackId: string,
  images: readonly StoredImage[],
) => {
  for (const [position, image] of images.entries()) {
    await db.query(sql.unsafe`
      insert into feedback_images (feedback_id, position, media_type, bytes, sha256)
      values (${feedbackId}, ${position}, ${image.mediaType}, ${sql.binary(image.bytes)}, ${image.sha256})
      on conflict (feedback_id, position) do nothing`);
  }
};

export const deleteFeedbackImages = async (db: CommonQueryMethods, feedbackId: string) => {
  await db.query(sql.unsafe`delete from feedback_images where feedback_id = ${feedbackId}`);
};

const feedbackRow = z.object({
  feedback_id: z.string(),
  message: z.string(),
  email: z.string().nullable(),
  submitted_at: z.date(),
  page_url: z.string().nullable(),
  images: z.array(z.string()).nullable(),
  image_types: z.array(z.string()).nullable(),
});

/** Newest first, with screenshots as base64 (spec 2 §3 "Feedback record"). */
export const listFeedback = async (db: CommonQueryMethods, { limit = 200 }: { limit?: number } = {}) => {
  const rows = await db.any(sql.type(feedbackRow)`
    select f.feedback_id::text, f.message, f.email, f.submitted_at, f.page_url,
           array_remove(array_agg(encode(i.bytes, 'base64') order by i.position), null) as images,
           array_remove(array_agg(i.media_type order by i.position), null) as image_types
      from feedback f left join feedback_images i on i.feedback_id = f.feedback_id
     group by f.feedback_id
     order by f.submitted_at desc
     limit ${limit}`);
  return rows.map((row) => ({
    id: row.feedback_id,
    message: row.message,
    email: row.email,
    timestamp: row.submitted_at.toISOString(),
    pageUrl: row.page_url,
    images: (row.images ?? []).map((image) => image.replaceAll('\n', '')),
    // The viewer builds `data:image/<type>;base64,…` URLs, so the record carries the subtype (png, jpeg, …).
    imageTypes: (row.image_types ?? []).map((type) => type.replace(/^image\//, '')),
  }));
};
