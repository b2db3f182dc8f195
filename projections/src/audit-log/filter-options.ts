import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

export type AuditFilterOptions = {
  readonly categories: string[];
  readonly eventTypes: string[];
};

/** What the audit log's category and event-type dropdowns offer: every value recorded so far, sorted. */
export const getAuditFilterOptions = async (db: CommonQueryMethods): Promise<AuditFilterOptions> => {
  const categories = await db.anyFirst(
    sql.type(z.object({ category: z.string() }))`select distinct category from audit_log order by category`,
  );
  const eventTypes = await db.anyFirst(
    sql.type(
      z.object({ event_type: z.string() }),
    )`select distinct event_type from audit_log order by event_type`,
  );
  return { categories: [...categories], eventTypes: [...eventTypes] };
};
