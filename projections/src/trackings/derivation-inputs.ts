import type { PlanClaim } from '@etf-replicator/core';
import { type DatabaseTransactionConnection, type FragmentSqlToken, sql } from 'slonik';
import { z } from 'zod';
import { knownRow } from './committed-rows';
import type { TrackingSnapshot } from './derive-tracking-view';
import { snapshotsNeeded } from './index-snapshot';
import { plansFromRows, snapshotHeadRow, snapshotsFromHeads, userPlanRow } from './sources';

/*
 * What deriving trackings reads besides their own rows: the head (symbol, event id) of the latest snapshot of each
 * ETF they follow and the plan of each owner. Inline, the append's statement reads it along (read-along.ts) for the
 * ETFs and owner of the trackings this process last wrote or folded; what that guess left out (a tracking this
 * process never saw, an index changed by the command) is read in one statement of its own, as before.
 */

const inputsRow = z.object({
  symbols: z.array(z.string()),
  users: z.array(z.string()),
  snapshots: z.array(snapshotHeadRow),
  plans: z.array(userPlanRow),
});
type Inputs = z.infer<typeof inputsRow>;

/** The inputs of these ETFs and owners as one jsonb value, with what was asked (absent rows are answers too). */
export const derivationInputsExpression = (
  symbols: readonly string[],
  users: readonly string[],
): FragmentSqlToken => sql.fragment`
  jsonb_build_object(
    'symbols', to_jsonb(${sql.array([...symbols], 'text')}::text[]),
    'users', to_jsonb(${sql.array([...users], 'text')}::text[]),
    'snapshots', coalesce((select jsonb_agg(jsonb_build_object('symbol', symbol, 'event_id', event_id,
                                                                 'as_of', as_of, 'name', name))
                             from tracking_etf_snapshots where symbol = any(${sql.array([...symbols], 'text')})),
                          '[]'::jsonb),
    'plans', coalesce((select jsonb_agg(jsonb_build_object('user_id', user_id, 'plan', plan))
                         from tracking_user_plans where user_id = any(${sql.array([...users], 'text')})),
                      '[]'::jsonb))`;

const trackingPrefix = 'tracking-';

/** The trackings projector's read along an append to these streams (Projector.readAlong). */
export const derivationInputsAlong = (streamIds: readonly string[]): FragmentSqlToken | undefined => {
  const symbols = new Set<string>();
  const users = new Set<string>();
  for (const streamId of streamIds) {
    if (!streamId.startsWith(trackingPrefix)) continue;
    const row = knownRow(streamId.slice(trackingPrefix.length));
    if (!row) continue;
    const needed = snapshotsNeeded(row.state);
    // A custom list reads every ETF's snapshot: left to the statement of its own, which lists them first.
    if (needed === 'all') continue;
    for (const symbol of needed) symbols.add(symbol);
    users.add(row.state.userId);
  }
  return symbols.size === 0 && users.size === 0
    ? undefined
    : derivationInputsExpression([...symbols], [...users]);
};

const taken = async (
  tx: DatabaseTransactionConnection,
  inputs: Inputs,
  snapshots: Map<string, TrackingSnapshot | undefined>,
  plans: Map<string, PlanClaim>,
) => {
  for (const [symbol, snapshot] of await snapshotsFromHeads(tx, inputs.snapshots))
    if (!snapshots.has(symbol)) snapshots.set(symbol, snapshot);
  for (const [userId, plan] of plansFromRows(inputs.plans)) if (!plans.has(userId)) plans.set(userId, plan);
};

/**
 * Adds to `snapshots` and `plans` the inputs of `symbols` and `users` they lack: from `along` (the value read along
 * the append, if any) first, then in one statement what it did not ask. An ETF without snapshot or an owner without
 * plan stays absent (no snapshot; the plan's default).
 */
export const completeDerivationInputs = async (
  tx: DatabaseTransactionConnection,
  { symbols, users }: { symbols: readonly string[]; users: readonly string[] },
  snapshots: Map<string, TrackingSnapshot | undefined>,
  plans: Map<string, PlanClaim>,
  along: unknown,
): Promise<void> => {
  let missingSymbols = [...new Set(symbols)].filter((symbol) => !snapshots.has(symbol));
  let missingUsers = [...new Set(users)].filter((user) => !plans.has(user));
  const read = along === undefined ? undefined : inputsRow.safeParse(along);
  if (read?.success) {
    await taken(tx, read.data, snapshots, plans);
    const askedSymbols = new Set(read.data.symbols);
    const askedUsers = new Set(read.data.users);
    missingSymbols = missingSymbols.filter((symbol) => !askedSymbols.has(symbol));
    missingUsers = missingUsers.filter((user) => !askedUsers.has(user));
  }
  if (missingSymbols.length === 0 && missingUsers.length === 0) return;
  const row = await tx.one(
    sql.type(
      z.object({ inputs: inputsRow }),
    )`select ${derivationInputsExpression(missingSymbols, missingUsers)} as inputs`,
  );
  await taken(tx, row.inputs, snapshots, plans);
};
