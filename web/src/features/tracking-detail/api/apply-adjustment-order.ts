import { type WashSaleWarning, washSaleWarningSchema } from '@etf-replicator/core/contracts/taxes';
import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import { z } from 'zod';
import type { MutationConfig } from '@/lib/react-query';
import type { FilledOrder } from '../utils/fills-draft';
import { postCommand, readReplicationState, useTrackingCommand } from './tracking-command';

export type ExecuteOrdersInput = {
  trackingId: string;
  orders: readonly (AdjustmentOrderLine | FilledOrder)[];
};
export type ExecuteOrdersAnswer =
  | (NonNullable<ReturnType<typeof readReplicationState>> & {
      /** The BUYs just recorded inside a wash-sale window and the loss each disallows (issue 26). */
      warnings: WashSaleWarning[];
    })
  | undefined;

/** The contract's fields only; a fill's price, trade date and lots when the investor gave them (issue 32). */
const toBody = (order: AdjustmentOrderLine | FilledOrder) => ({
  symbol: order.symbol,
  shares: order.shares,
  orderType: order.orderType,
  ...('price' in order ? { price: order.price } : {}),
  ...('executedAt' in order && order.executedAt !== undefined ? { executedAt: order.executedAt } : {}),
  ...('lots' in order && order.lots !== undefined ? { lots: order.lots } : {}),
});

const warningsSchema = z.object({ warnings: z.array(washSaleWarningSchema) });

/** The answer's WASH_SALE warnings; none when the answer has no (readable) list. */
export const warningsOf = (body: unknown): WashSaleWarning[] => {
  const parsed = warningsSchema.safeParse(body);
  return parsed.success ? parsed.data.warnings : [];
};

/**
 * POST /api/trackings/{id}/applyAdjustmentOrders: one order as `{symbol, shares (string), orderType, price?,
 * executedAt?, lots?}`, several as an array of them — ONE request and one command, recorded all or nothing. Answers
 * the new state and the warnings.
 */
export const applyAdjustmentOrders = async ({
  trackingId,
  orders,
}: ExecuteOrdersInput): Promise<ExecuteOrdersAnswer> => {
  const body = await postCommand(
    trackingId,
    `/api/trackings/${encodeURIComponent(trackingId)}/applyAdjustmentOrders`,
    orders.length === 1 && orders[0] ? toBody(orders[0]) : orders.map(toBody),
  );
  const state = readReplicationState(body);
  return state ? { ...state, warnings: warningsOf(body) } : state;
};

export const useApplyAdjustmentOrders = (
  trackingId: string,
  mutationConfig?: MutationConfig<typeof applyAdjustmentOrders>,
) => useTrackingCommand(trackingId, applyAdjustmentOrders, mutationConfig);
