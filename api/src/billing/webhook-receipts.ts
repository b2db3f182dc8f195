import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

/**
 * Stripe deliveries already handled, by Stripe event id: a replay is answered without reading the user stream.
 * The user stream's own record of applied Stripe event ids stays the real guard (two concurrent deliveries).
 */
export const findReceipt = (db: CommonQueryMethods, eventId: string) =>
  db.maybeOne(sql.type(z.object({ outcome: z.string() }))`
    select outcome from stripe_webhook_events where event_id = ${eventId}`);

export const saveReceipt = async (
  db: CommonQueryMethods,
  receipt: { eventId: string; type: string; userId: string | undefined; outcome: string },
) => {
  await db.query(sql.unsafe`
    insert into stripe_webhook_events (event_id, event_type, user_id, outcome)
    values (${receipt.eventId}, ${receipt.type}, ${receipt.userId ?? null}, ${receipt.outcome})
    on conflict (event_id) do nothing`);
};
