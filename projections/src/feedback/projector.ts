import { sql } from 'slonik';
import { stripNul } from '../db/strip-nul';
import type { Projector } from '../runner/projector';
import { FEEDBACK_SUBMITTED, feedbackSubmittedSchema } from './events';

/** `feedback`: one row per submission, newest first for the admin viewer. Replays are no-ops (keyed by id). */
export const feedbackProjector: Projector = {
  name: 'feedback',
  eventTypes: [FEEDBACK_SUBMITTED],
  tables: ['feedback'],
  handle: async (tx, event) => {
    const parsed = feedbackSubmittedSchema.safeParse(stripNul(event.data)); // NUL: PostgreSQL cannot store it
    if (!parsed.success) return; // a malformed historical event is skipped, never fatal for the projection
    const f = parsed.data;
    const c = f.context;
    await tx.query(sql.unsafe`
      insert into feedback (feedback_id, user_id, email, message, submitted_at, client_timestamp, page_url,
                            user_agent, language, screen_resolution, time_zone, referrer, image_count)
      values (${f.feedbackId}, ${f.userId}, ${f.email}, ${f.message}, ${f.submittedAt}, ${c.timestamp ?? null},
              ${c.pageUrl ?? null}, ${c.userAgent ?? null}, ${c.language ?? null}, ${c.screenResolution ?? null},
              ${c.timeZone ?? null}, ${c.referrer ?? null}, ${f.images.length})
      on conflict (feedback_id) do nothing`);
  },
};
