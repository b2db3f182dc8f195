import {
  D,
  dec,
  PLAN_ASSUMPTIONS,
  PLAN_HORIZON_YEARS,
  prepareTaxAware,
  type TaxBudget,
  taxBudgetCurve,
  toDecimalString,
  toMoneyString,
  yearsToTargetRate,
  ZERO,
} from '@etf-replicator/core';
import type { TaxTradeoffResponse } from '@etf-replicator/core/contracts/tax-budget';
import { taxAwareInputOf } from '@etf-replicator/projections/trackings/derive-tracking-view';
import type { TrackingRecord } from '@etf-replicator/projections/trackings/queries';
import type { FastifyInstance } from 'fastify';
import { trackingNotFound } from '../trackings/run-tracking-command';
import type { InvestorLedger } from './investor-ledger';
import { loadEngineSources, taxAwareFacts } from './tax-budget-detail';

/** Budgets between $0 and "no limit" on the curve (plus the no-limit point itself). */
const STEPS = 10;

/**
 * The trade-off curve of one tracking (issue 31), for today's tax year: the best rate at STEPS + 1 budgets evenly
 * spread from $0 to the year's net gain with today's orders (what the year realised so far plus what they realise),
 * then no limit; and the years to 95 % with the tracking's budget (or $0 when it has none) each year.
 */
export const taxTradeoff = async (
  app: FastifyInstance,
  record: TrackingRecord,
  investor: InvestorLedger,
  today: string,
): Promise<TaxTradeoffResponse> => {
  const year = Number(today.slice(0, 4));
  const setting = record.detail.taxBudget?.year === year ? record.detail.taxBudget : undefined;
  const allowShortTermGains = setting?.allowShortTermGains ?? true;
  const facts = taxAwareFacts(investor, record.trackingId, year, today);
  const sources = await loadEngineSources(app, record);
  if (!sources) throw trackingNotFound();
  const input = taxAwareInputOf(sources.tracking, sources.snapshot, sources.plan, facts, today);
  const currentMaxNetGain = setting?.maxNetGain ?? null;
  const head = { year, allowShortTermGains, yearRealisedNetGain: facts.realisedNetGain, currentMaxNetGain };
  const planBudget: TaxBudget = { maxNetGain: currentMaxNetGain ?? '0', allowShortTermGains };
  const assumptions = [...PLAN_ASSUMPTIONS];
  if (!input)
    return {
      ...head,
      unconstrainedRealisedNetGain: '0',
      points: [],
      plan: {
        maxNetGain: planBudget.maxNetGain as string,
        years: null,
        horizonYears: PLAN_HORIZON_YEARS,
        rates: [],
        assumptions,
      },
    };
  const unconstrained = prepareTaxAware(input).unconstrainedRealisedNetGain;
  const top = dec(facts.realisedNetGain).add(unconstrained);
  const amounts = [
    ...new Set(
      Array.from({ length: STEPS + 1 }, (_, i) =>
        toMoneyString((top.gt(0) ? top : ZERO).mul(i).div(STEPS).toDecimalPlaces(0, D.ROUND_UP)),
      ),
    ),
  ];
  const budgets: TaxBudget[] = [
    ...amounts.map((maxNetGain) => ({ maxNetGain, allowShortTermGains })),
    { maxNetGain: null, allowShortTermGains },
  ];
  const results = taxBudgetCurve(input, budgets);
  const estimate = yearsToTargetRate(input, planBudget, record.detail.replicationRate);
  return {
    ...head,
    unconstrainedRealisedNetGain: toDecimalString(unconstrained),
    points: results.map((result, index) => ({
      maxNetGain: (budgets[index]?.maxNetGain as string | null) ?? null,
      replicationRate: result.target.replicationRate,
      realisedNetGain: result.realisedNetGain,
      sells: result.orders.filter((order) => order.orderType === 'SELL').length,
      buys: result.orders.filter((order) => order.orderType === 'BUY').length,
    })),
    plan: {
      maxNetGain: planBudget.maxNetGain as string | null,
      years: estimate.years,
      horizonYears: PLAN_HORIZON_YEARS,
      rates: [...estimate.rates],
      assumptions,
    },
  };
};
