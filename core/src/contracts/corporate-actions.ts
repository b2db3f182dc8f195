import { z } from 'zod';
import { corporateActionRecordedSchema } from '../market-data/corporate-action-event';

export { corporateActionTermsSchema } from '../market-data/corporate-action-event';

/** GET /api/admin/corporate-actions: every recorded action, newest effective date first. */
export const corporateActionListSchema = z.object({ actions: z.array(corporateActionRecordedSchema) });
export type CorporateActionList = z.infer<typeof corporateActionListSchema>;

/** POST /api/admin/corporate-actions: the action (recorded now, or before from any source) and the trackings it moved. */
export const corporateActionRecordResponseSchema = z.object({
  action: corporateActionRecordedSchema,
  outcome: z.enum(['appended', 'unchanged']),
  /** Trackings that got a CorporateActionApplied from this request. */
  appliedTo: z.number().int(),
});
export type CorporateActionRecordResponse = z.infer<typeof corporateActionRecordResponseSchema>;
