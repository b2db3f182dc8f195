import { type Decimal, dec, type Lot, sumDecimals } from '@etf-replicator/core';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import type { TaxLedger } from '@etf-replicator/core/tax/ledger';
import { rowsOfYear } from '@etf-replicator/core/tax/ledger';
import {
  deriveTrackingView,
  type TrackingView,
} from '@etf-replicator/projections/trackings/derive-tracking-view';
import type { TrackingRecord } from '@etf-replicator/projections/trackings/queries';
import { readStoredTrackingState } from '@etf-replicator/projections/trackings/queries';
import { readUserPlan } from '@etf-replicator/projections/trackings/sources';
import type { TaxAwareFacts } from '@etf-replicator/projections/trackings/tax-aware-view';
import type { FastifyInstance } from 'fastify';
import { requireTrackingSnapshot } from '../trackings/tracking-snapshot';
import type { InvestorLedger } from './investor-ledger';

/**
 * Net gain the tracking's sales realised in `year` (the tax ledger: wash-sale adjustments included). A row of unknown
 * basis counts its whole proceeds as gain, as the engine counts such shares.
 */
export const yearRealisedNetGain = (ledger: TaxLedger, trackingId: string, year: number): Decimal =>
  sumDecimals(rowsOfYear(ledger, year, trackingId).map((row) => row.gain ?? row.proceeds));

/** The tracking's open lots as the engine reads them: adjusted basis per share, holding period from its start. */
export const ledgerLots = (ledger: TaxLedger, trackingId: string, today: string): Lot[] =>
  ledger.openLots
    .filter((part) => part.trackingId === trackingId && part.shares.gt(0))
    .map((part) => ({
      lotId: part.lotId,
      symbol: part.symbol,
      shares: part.shares,
      costPerShare: part.basis ? part.basis.div(part.shares) : dec('0'),
      acquiredAt: part.holdingStart ?? part.acquiredOn ?? today,
      costKnown: part.basis !== null,
      dateKnown: part.holdingStart !== null,
    }));

export const taxAwareFacts = (
  investor: InvestorLedger,
  trackingId: string,
  year: number,
  today: string,
): TaxAwareFacts => ({
  realisedNetGain: yearRealisedNetGain(investor.ledger, trackingId, year).toFixed(),
  lots: ledgerLots(investor.ledger, trackingId, today),
});

/**
 * What the tracking's own derivation needs: its folded state, its own index's latest snapshot (a blend's or a list's,
 * with each holding's industry: issue 30) and its owner's plan.
 */
export const loadEngineSources = async (
  app: FastifyInstance,
  record: Pick<TrackingRecord, 'trackingId' | 'userId' | 'symbol'>,
) => {
  const [state, plan] = await Promise.all([
    readStoredTrackingState(app.db.pool, record.trackingId),
    readUserPlan(app.db.pool, record.userId),
  ]);
  if (state?.status !== 'Active') return null;
  const tracking = { ...state, status: 'Active' as const };
  return { tracking, snapshot: await requireTrackingSnapshot(app.db.pool, state), plan };
};

/**
 * What makes deriveTrackingView answer with a tracking's gains-budget orders: today and the ledger's facts when a
 * budget is set for today's tax year, nothing otherwise (today's orders). The detail's derivation below and the views
 * derived with a proposed change (the exclusions and index previews) all take it from here.
 */
export const taxBudgetDerivation = (
  investor: InvestorLedger,
  trackingId: string,
  setting: { readonly year: number } | null | undefined,
  today: string,
): { today?: string; taxAware?: TaxAwareFacts } =>
  setting && setting.year === Number(today.slice(0, 4))
    ? { today, taxAware: taxAwareFacts(investor, trackingId, setting.year, today) }
    : {};

/** The detail with the budget's orders: derived again with the ledger's facts (only when a budget is set). */
const budgetedView = async (
  app: FastifyInstance,
  record: Pick<TrackingRecord, 'trackingId' | 'userId' | 'symbol'>,
  investor: InvestorLedger,
  today: string,
): Promise<TrackingView | null> => {
  const sources = await loadEngineSources(app, record);
  if (!sources) return null;
  const { tracking, snapshot, plan } = sources;
  return deriveTrackingView(tracking, snapshot, plan, {
    buyOnly: tracking.buyOnlyActionId !== null,
    ...taxBudgetDerivation(investor, record.trackingId, tracking.settings.taxBudget, today),
  });
};

/** What the budget changes in a tracking's stored view, and reads of it. */
type BudgetedFields = Pick<
  TrackingDetail,
  'adjustmentOrders' | 'targetReplication' | 'targetReplicationRate' | 'taxBudget' | 'degraded'
>;

/**
 * A tracking as withTaxBudget reads it: its ids, its stored view and that view's version (`${revision}.${written at
 * ms}`, as TrackingRecord's: the memo key, so the detail and the portfolio share one derivation).
 */
export type BudgetSource<D extends BudgetedFields> = Pick<
  TrackingRecord,
  'trackingId' | 'userId' | 'symbol' | 'version'
> & { readonly detail: D };

/**
 * The ONE place a tracking's orders get its gains budget (issue 31), for every list that shows them to the investor:
 * the served detail (and so its CSV and command answers), the portfolio's netted orders and the drift e-mail. With
 * the year's realised net gain against the budget and, when the budget's year is today's tax year (New York), the
 * orders that respect it, each SELL with the lots it closes (`taxBudget.applies` says which). Without a budget the
 * view is returned as it is (today's orders, nothing loaded).
 */
export const withTaxBudget = async <D extends BudgetedFields>(
  app: FastifyInstance,
  record: BudgetSource<D>,
  investor: InvestorLedger,
  today: string,
): Promise<D> => {
  const { detail } = record;
  const setting = detail.taxBudget;
  if (!setting) return detail;
  const applies = setting.year === Number(today.slice(0, 4));
  const facts = taxAwareFacts(investor, record.trackingId, setting.year, today);
  const view =
    applies && !detail.degraded
      ? await investor.memo(`tax-budget:${record.trackingId}:${record.version}:${today}`, () =>
          budgetedView(app, record, investor, today),
        )
      : null;
  const budgeted = view && !view.degraded ? view : null;
  return {
    ...detail,
    ...(budgeted
      ? {
          adjustmentOrders: budgeted.adjustmentOrders,
          targetReplication: budgeted.targetReplication,
          targetReplicationRate: budgeted.targetReplicationRate,
        }
      : {}),
    taxBudget: {
      ...(budgeted?.taxBudget ?? setting),
      yearRealisedNetGain: facts.realisedNetGain,
      applies,
    },
  };
};
