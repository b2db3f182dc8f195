import { batchOrderFailure } from '../../contracts/trackings';
import { type Decimal, dec, toDecimalString, ZERO } from '../../shared/decimal';
import { DomainError, isDomainError } from '../../shared/domain-error';
import { toMoneyString } from '../../shared/money';
import { parseShares } from '../../shared/shares';
import type { ExecuteOrder, ExecuteOrders } from '../commands';
import { trackingErrors } from '../errors';
import type { CorporateActionApplied, OrderExecuted } from '../events';
import { closeToJson } from '../lots';
import { evolve, type Tracking } from '../state';
import { closesFor } from './closes-for';
import { parseExecutedAt, tradeDateOf } from './executed-at';
import { emit, occurredAt, requireActive } from './guards';

/**
 * Records an order the user executed at their broker, at the fill price and time they give (default: the snapshot
 * price the command carries, and now). A BUY opens a lot; a SELL closes the lots the order names, else those the
 * tracking's lot method picks, and records which (so that a later change of method never rewrites history) —
 * either way only lots held on its trade date, the New York date of its execution (closes-for.ts).
 * With fractional shares off only whole shares may be typed — except an order that brings a fractional position
 * back to a whole number (the spec's "execute this specific order to realign with non-fractional shares").
 * A BUY may take cash below zero: the user spent more than the target, which the tracking must be able to record.
 */
export const executeOrder = ({ data, metadata }: ExecuteOrder, state: Tracking): OrderExecuted[] => {
  const tracking = requireActive(state, metadata);
  const symbol = data.symbol.trim().toUpperCase();
  if (symbol === '') throw trackingErrors.missingSymbol();
  const shares = parseShares(data.shares);
  const price = parsePrice(data.price);
  const held = tracking.positions.get(symbol) ?? ZERO;
  const after = data.orderType === 'BUY' ? held.add(shares) : held.sub(shares);
  if (after.isNegative()) throw trackingErrors.sellMoreThanHeld(toDecimalString(held));
  if (!tracking.settings.fractionalShares && !shares.isInteger() && !after.isInteger()) {
    throw trackingErrors.fractionalDisabled();
  }
  const fill = data.fillPrice === undefined ? null : parseFillPrice(data.fillPrice);
  const executedAt =
    data.executedAt === undefined ? null : parseExecutedAt(data.executedAt, tracking, metadata.now);
  if (data.orderType === 'BUY' && data.lots !== undefined) throw trackingErrors.lotsOnBuy();
  const closes =
    data.orderType === 'SELL'
      ? closesFor(
          tracking,
          { symbol, shares, price: fill ?? price },
          data.lots,
          tradeDateOf(executedAt, metadata.now),
        )
      : null;
  return emit<OrderExecuted>(metadata, 'OrderExecuted', {
    symbol,
    orderType: data.orderType,
    shares: toDecimalString(shares),
    price: toMoneyString(price),
    amount: toMoneyString(shares.mul(fill ?? price)),
    occurredAt: occurredAt(metadata),
    ...(fill ? { fillPrice: toDecimalString(fill) } : {}),
    ...(executedAt ? { executedAt } : {}),
    ...(closes ? { lots: closes.map(closeToJson) } : {}),
  });
};

export const parseFillPrice = (value: string | number): Decimal => {
  try {
    const price = dec(typeof value === 'number' ? String(value) : value.trim());
    if (price.isFinite() && price.gt(0) && price.decimalPlaces() <= 8) return price;
  } catch {
    // falls through to the domain error
  }
  throw trackingErrors.invalidFillPrice();
};

const parsePrice = (value: string): Decimal => {
  try {
    const price = dec(value);
    if (price.isFinite() && price.gt(0)) return price;
  } catch {
    // falls through to the domain error
  }
  throw trackingErrors.invalidPrice();
};

/**
 * A batch of executed orders: each is decided against the state the previous ones leave (a BUY then a SELL of the
 * same symbol works), one event per order so that each stays revertible on its own. One refused order refuses the
 * whole batch, with a message naming it. `follow` gives the events an order's event brings with it (the recorded
 * corporate actions a backdated BUY follows, backdated-buys.ts): they apply before the next order is decided.
 */
export const executeOrders = (
  { data, metadata }: ExecuteOrders,
  state: Tracking,
  follow: (event: OrderExecuted, after: Tracking) => readonly CorporateActionApplied[] = () => [],
): (OrderExecuted | CorporateActionApplied)[] => {
  if (data.orders.length === 0) throw trackingErrors.noOrders();
  const events: (OrderExecuted | CorporateActionApplied)[] = [];
  let current = state;
  data.orders.forEach(({ eventId, ...order }, index) => {
    try {
      const [event] = executeOrder(
        { type: 'ExecuteOrder', data: order, metadata: { ...metadata, eventId } },
        current,
      );
      if (!event) return;
      current = evolve(current, event);
      const following = follow(event, current);
      events.push(event, ...following);
      current = following.reduce(evolve, current);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      throw new DomainError(
        error.code,
        error.kind,
        batchOrderFailure.format(
          index,
          { ...order, symbol: order.symbol.trim().toUpperCase() },
          error.message,
        ),
        `orders.${index}${error.field ? `.${error.field}` : ''}`,
      );
    }
  });
  return events;
};
