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
  image_types: z.array(z.string()).nullable(),
});

/**
 * One page of submissions, newest first, without the screenshot bytes (spec 2 §3 "Feedback record" fields; the
 * route adds where each screenshot can be fetched). `imageTypes` carry the subtype (png, jpeg, …).
 */
export const listFeedback = async (
  db: CommonQueryMethods,
  { page = 0, size = 50 }: { page?: number; size?: number } = {},
) => {
  const rows = await db.any(sql.type(feedbackRow)`
    select f.feedback_id::text, f.message, f.email, f.submitted_at, f.page_url,
           array(select i.media_type from feedback_images i
                  where i.feedback_id = f.feedback_id order by i.position) as image_types
      from feedback f
     order by f.submitted_at desc, f.feedback_id
     limit ${size} offset ${page * size}`);
  return rows.map((row) => ({
    id: row.feedback_id,
    message: row.message,
    email: row.email,
    timestamp: row.submitted_at.toISOString(),
    pageUrl: row.page_url,
    imageTypes: (row.image_types ?? []).map((type) => type.replace(/^image\//, '')),
  }));
};

export const countFeedback = (db: CommonQueryMethods) =>
  db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from feedback`);

/**
 * The screenshots of some submissions as base64 strings, by submission and in their order (spec 2 §3 "Feedback
 * record": `images`). Submissions without any are absent from the map.
 */
export const getFeedbackImagesBase64 = async (
  db: CommonQueryMethods,
  feedbackIds: readonly string[],
): Promise<Map<string, string[]>> => {
  const rows = await db.any(sql.type(z.object({ feedback_id: z.string(), image: z.string() }))`
    select feedback_id::text, encode(bytes, 'base64') as image from feedback_images
     where feedback_id = any(${sql.array(feedbackIds, 'uuid')}) order by feedback_id, position`);
  const byId = new Map<string, string[]>();
  for (const row of rows) {
    // PostgreSQL's base64 breaks lines every 76 characters; the record carries one plain string.
    byId.set(row.feedback_id, [...(byId.get(row.feedback_id) ?? []), row.image.replace(/\n/g, '')]);
  }
  return byId;
};

/** One stored screenshot, or null. */
export const getFeedbackImage = (db: CommonQueryMethods, feedbackId: string, position: number) =>
  db.maybeOne(sql.type(z.object({ media_type: z.string(), bytes: z.instanceof(Uint8Array) }))`
    select media_type, bytes from feedback_images where feedback_id = ${feedbackId}::uuid and position = ${position}`);
