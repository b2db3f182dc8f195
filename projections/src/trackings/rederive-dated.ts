import { sql } from 'slonik';
import { z } from 'zod';
import type { SettleTransaction } from '../runner/projector';
import { deriveAndWrite, loadStored } from './tracking-rows';

/** Reaches past the 30-day wash-sale window (and day 31's switch-back) with a few days to spare for missed sweeps. */
const REACH_DAYS = 40;

const userRow = z.object({ user_id: z.string() });

/**
 * A tracking's view depends on the date, not only on its events, once its owner has harvested: the replacement stands
 * in for the sold stock inside the wash-sale window and the orders suggest switching back from day 31; another
 * tracking's window keeps this one from buying the sold stock. So the trackings of every owner who harvested in the
 * last REACH_DAYS are derived again (each owner in one short transaction); the API runs this every hour. Returns how
 * many trackings it derived.
 */
export const rederiveDatedTrackings = async (
  transaction: SettleTransaction,
  { now = new Date() }: { now?: Date } = {},
): Promise<number> => {
  const since = new Date(now.getTime() - REACH_DAYS * 86_400_000).toISOString().slice(0, 10);
  const owners = await transaction((tx) =>
    tx.any(sql.type(userRow)`
      select distinct user_id from tracking_detail d, jsonb_array_elements(d.state->'substitutions') s
       where not d.deleted and s->>'harvestedAt' >= ${since}`),
  );
  let derived = 0;
  for (const { user_id: userId } of owners) {
    derived += await transaction(async (tx) => {
      const trackings = await loadStored(tx, sql.fragment`user_id = ${userId} and not deleted`);
      await deriveAndWrite(tx, trackings);
      return trackings.length;
    });
  }
  return derived;
};
