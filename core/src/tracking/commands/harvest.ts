import { type Decimal, dec, toDecimalString } from '../../shared/decimal';
import { toMoneyString } from '../../shared/money';
import { taxPartsFromData } from '../../tax/harvest-tax-parts';
import { lossLotCloses, lossLotsOf } from '../../tax/harvesting';
import type { HarvestLosses, KeepReplacement, OrderFill } from '../commands';
import { trackingErrors } from '../errors';
import type { HarvestRecorded, OrderExecuted, ReplacementKept, TrackingEvent } from '../events';
import { type ActiveTracking, evolve, type Tracking } from '../state';
import { windowEndAfter } from '../substitutions';
import { lotsHeldOn } from './closes-for';
import { executeOrder, parseFillPrice } from './execute-order';
import { parseExecutedAt, tradeDateOf } from './executed-at';
import { emit, occurredAt, requireActive } from './guards';

const FRACTIONAL_INCREMENT = dec('0.01');

/**
 * One harvest, one command: SELL the lots of `symbol` held on the sale's trade date that are at a loss at its price
 * (named, so that no gain lot is sold), BUY `replacement` for the proceeds (whole shares, or 0.01 shares with fractional shares on;
 * what is left stays cash), then HarvestRecorded, which makes the replacement stand in for the sold stock. Each order
 * takes the broker's fill (price, executedAt) as ExecuteOrder does; default the snapshot prices, now — so that the
 * recorded sale matches the 1099-B. Refused when the wash-sale status across the user's trackings is blocked (409).
 * Loss and term are judged by the investor's ledger parts when the API gives them (`taxParts`: adjusted basis, tacked
 * holding period), and HarvestRecorded carries those figures.
 */
export const harvestLosses = ({ data, metadata }: HarvestLosses, state: Tracking): TrackingEvent[] => {
  const tracking = requireActive(state, metadata);
  const symbol = data.symbol.trim().toUpperCase();
  const replacement = data.replacement.trim().toUpperCase();
  const sellFill = fillOf(data.sellFill, tracking, metadata.now);
  const buyFill = fillOf(data.buyFill, tracking, metadata.now);
  // The sale's trade date and price: its fill when given, else today and the snapshot price.
  const soldOn = tradeDateOf(sellFill.executedAt ?? null, metadata.now);
  const salePrice = sellFill.price ?? dec(data.price);
  const taxParts = data.taxParts === undefined ? undefined : taxPartsFromData(data.taxParts);
  const losing = lossLotsOf(lotsHeldOn(tracking.lots, symbol, soldOn), symbol, salePrice, soldOn, taxParts);
  if (!losing) throw trackingErrors.noLossLots(symbol);
  if (!data.allowedReplacements.includes(replacement))
    throw trackingErrors.replacementNotAllowed(replacement, data.allowedReplacements);
  if (data.washSale.status === 'blocked')
    throw trackingErrors.washSaleBlocked(data.washSale.reason, data.washSale.until);

  const [sell] = executeOrder(
    {
      type: 'ExecuteOrder',
      data: {
        symbol,
        orderType: 'SELL',
        shares: toDecimalString(losing.shares),
        price: data.price,
        ...fillData(sellFill),
        lots: lossLotCloses(losing.lots).map((close) => ({
          lotId: close.lotId,
          shares: toDecimalString(close.shares),
        })),
      },
      metadata: { ...metadata, eventId: data.sellEventId },
    },
    tracking,
  );
  if (!sell) throw trackingErrors.noLossLots(symbol);
  const sold: OrderExecuted = { ...sell, data: { ...sell.data, harvestId: metadata.eventId } };
  const afterSale = evolve(tracking, sold);

  const proceeds = dec(sold.data.amount);
  const increment = tracking.settings.fractionalShares ? FRACTIONAL_INCREMENT : dec('1');
  const unitPrice = buyFill.price ?? dec(data.replacementPrice);
  const shares = proceeds.div(unitPrice.mul(increment)).floor().mul(increment);
  if (!shares.gt(0)) throw trackingErrors.replacementTooExpensive(replacement);
  const [buy] = executeOrder(
    {
      type: 'ExecuteOrder',
      data: {
        symbol: replacement,
        orderType: 'BUY',
        shares: toDecimalString(shares),
        price: data.replacementPrice,
        ...fillData(buyFill),
      },
      metadata: { ...metadata, eventId: data.buyEventId },
    },
    afterSale,
  );
  if (!buy) throw trackingErrors.replacementTooExpensive(replacement);
  const bought: OrderExecuted = { ...buy, data: { ...buy.data, harvestId: metadata.eventId } };

  // The loss the sale realises at its price (the sale fill, else `price`: the SELL's own price), by the figures it
  // was judged by: with the ledger's parts, adjusted basis − proceeds and the term from the tacked holding period.
  const money = (value: Decimal) => toMoneyString(value);
  const [harvest] = emit<HarvestRecorded>(metadata, 'HarvestRecorded', {
    symbol,
    replacement,
    sellOrderId: sold.id,
    buyOrderId: bought.id,
    realisedLoss: money(losing.loss),
    shortTermLoss: money(losing.shortTermLoss),
    longTermLoss: money(losing.longTermLoss),
    harvestedAt: soldOn,
    windowEndsAt: windowEndAfter(soldOn),
    occurredAt: occurredAt(metadata),
  });
  return [sold, bought, ...(harvest ? [harvest] : [])];
};

type ParsedFill = { readonly price?: Decimal; readonly executedAt?: string };

/** A harvest order's fill, validated as ExecuteOrder validates it (price > 0; a time not in the future). */
const fillOf = (fill: OrderFill | undefined, tracking: ActiveTracking, now: Date): ParsedFill => ({
  ...(fill?.price === undefined ? {} : { price: parseFillPrice(fill.price) }),
  ...(fill?.executedAt === undefined ? {} : { executedAt: parseExecutedAt(fill.executedAt, tracking, now) }),
});

const fillData = (fill: ParsedFill) => ({
  ...(fill.price ? { fillPrice: toDecimalString(fill.price) } : {}),
  ...(fill.executedAt ? { executedAt: fill.executedAt } : {}),
});

/** Keep a harvest's replacement for good: the switch back is no longer suggested (revertible). */
export const keepReplacement = ({ data, metadata }: KeepReplacement, state: Tracking): ReplacementKept[] => {
  const tracking = requireActive(state, metadata);
  const symbol = data.symbol.trim().toUpperCase();
  // A stock harvested twice has two substitutions: keep the newest one not kept yet.
  const ofSymbol = tracking.substitutions.filter((sub) => sub.symbol === symbol);
  if (ofSymbol.length === 0) throw trackingErrors.noSubstitution(symbol);
  const substitution = ofSymbol.findLast((sub) => !sub.kept);
  if (!substitution) throw trackingErrors.replacementAlreadyKept(symbol);
  return emit<ReplacementKept>(metadata, 'ReplacementKept', {
    harvestId: substitution.harvestId,
    symbol,
    replacement: substitution.replacement,
    occurredAt: occurredAt(metadata),
  });
};
