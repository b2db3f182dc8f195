import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/domain-error';
import { DeciderSpecification } from '../../testing/decider-specification';
import { at, command, created, event } from '../../testing/tracking-fixtures';
import type { ExecuteOrder } from '../commands';
import { trackingDecider } from '../decider';
import type { OrderExecuted, TrackingDeleted } from '../events';
import type { Tracking } from '../state';

const given = DeciderSpecification.for(trackingDecider);
const order = (
  orderType: 'BUY' | 'SELL',
  shares: string,
  symbol = 'AAPL',
  price = '200.10',
  actor?: string,
) => command<ExecuteOrder>('ExecuteOrder', { symbol, orderType, shares, price }, 5, actor);
const executed = (n: number, orderType: 'BUY' | 'SELL', shares: string, amount: string, price = '200.10') =>
  event<OrderExecuted>(n, 'OrderExecuted', { symbol: 'AAPL', orderType, shares, price, amount });
const closing = (lotId: string, shares: string, costPerShare = '200.1', acquiredAt = at(1)) => ({
  lotId,
  shares,
  costPerShare,
  acquiredAt,
});
const sold = (shares: string, amount: string, lots: OrderExecuted['data']['lots'], price = '200.10') => ({
  ...executed(5, 'SELL', shares, amount, price),
  data: { ...executed(5, 'SELL', shares, amount, price).data, lots },
});
const lotsOf = (state: Tracking) =>
  state.status === 'Active'
    ? state.lots.map((lot) => [lot.lotId, lot.shares.toFixed(), lot.costPerShare.toFixed(), lot.acquiredAt])
    : [];
const refusedWith = (code: string, message?: string) => (error: unknown) =>
  error instanceof DomainError && error.code === code && (!message || error.message === message);

describe('Tracking', () => {
  describe('When fractional shares are off', () => {
    it('records a whole-share BUY at the snapshot price, taking the cost from cash', () => {
      const step = given([created()]).when(order('BUY', '3'));
      step.then(executed(5, 'BUY', '3', '600.30'));
      const state = step.state();
      expect(state.status === 'Active' && state.cash.toFixed()).toBe('9399.7');
      expect(state.status === 'Active' && state.positions.get('AAPL')?.toFixed()).toBe('3');
    });

    it('rejects fractional shares with the spec message', () => {
      given([created()])
        .when(order('BUY', '1.5'))
        .thenThrows(
          refusedWith(
            'FRACTIONAL_SHARES_DISABLED',
            'First enable fractional shares to edit this field with a fractional value',
          ),
        );
    });

    it('accepts a fractional order that brings a fractional position back to whole shares', () => {
      const history = [created({ fractionalShares: true }), executed(1, 'BUY', '2.5', '500.25')];
      const toggled = event(2, 'FractionalSharesToggled', { fractionalShares: false });
      given([...history, toggled])
        .when(order('SELL', '0.5'))
        .then(sold('0.5', '100.05', [closing('evt-1', '0.5')]));
    });
  });

  describe('When fractional shares are on', () => {
    it('records up to 2 decimals', () => {
      given([created({ fractionalShares: true })])
        .when(order('BUY', '0.25'))
        .then(executed(5, 'BUY', '0.25', '50.025'));
    });

    it('rejects a third decimal', () => {
      given([created({ fractionalShares: true })])
        .when(order('BUY', '0.125'))
        .thenThrows(refusedWith('SHARES_TOO_MANY_DECIMALS'));
    });
  });

  describe('When selling', () => {
    const holding = [created(), executed(1, 'BUY', '4', '800.40')];

    it('adds the proceeds to cash and removes a position sold to zero', () => {
      const step = given(holding).when(order('SELL', '4', 'AAPL', '210'));
      step.then(sold('4', '840.00', [closing('evt-1', '4')], '210.00'));
      const state = step.state();
      expect(state.status === 'Active' && [state.cash.toFixed(), state.positions.has('AAPL')]).toEqual([
        '10039.6',
        false,
      ]);
    });

    it('cannot sell more than it holds', () => {
      given(holding)
        .when(order('SELL', '5'))
        .thenThrows(refusedWith('SELL_MORE_THAN_HELD', 'You cannot sell more than 4 shares'));
    });

    it('cannot sell a symbol it does not hold', () => {
      given(holding)
        .when(order('SELL', '1', 'MSFT'))
        .thenThrows(refusedWith('SELL_MORE_THAN_HELD', 'You cannot sell more than 0 shares'));
    });
  });

  describe('When the user gives the fill', () => {
    const fill = (orderType: 'BUY' | 'SELL', shares: string, extra: Partial<ExecuteOrder['data']>, n = 5) =>
      command<ExecuteOrder>(
        'ExecuteOrder',
        { symbol: 'AAPL', orderType, shares, price: '200.10', ...extra },
        n,
      );

    it('moves cash by shares × fill price and opens a lot at that price and date', () => {
      const step = given([created()]).when(fill('BUY', '3', { fillPrice: '190.5', executedAt: at(2) }));
      step.then({
        ...executed(5, 'BUY', '3', '571.50'),
        data: { ...executed(5, 'BUY', '3', '571.50').data, fillPrice: '190.5', executedAt: at(2) },
      });
      const state = step.state();
      expect(state.status === 'Active' && state.cash.toFixed()).toBe('9428.5');
      expect(lotsOf(state)).toEqual([['evt-5', '3', '190.5', at(2)]]);
    });

    it('accepts a date alone, the day the tracking was created', () => {
      const step = given([created()]).when(fill('BUY', '1', { executedAt: '2026-01-01' }));
      expect(lotsOf(step.state())).toEqual([['evt-5', '1', '200.1', '2026-01-01']]);
    });

    it('accepts a date alone up to the latest date on Earth (today in UTC+14)', () => {
      // Now is 2026-01-01 12:00Z, already 2026-01-02 02:00 in Kiribati (UTC+14).
      const step = given([created()]).when(fill('BUY', '1', { executedAt: '2026-01-02' }));
      expect(lotsOf(step.state())).toEqual([['evt-5', '1', '200.1', '2026-01-02']]);
    });

    it('refuses a fill price of zero or below, a time in the future or before the tracking', () => {
      given([created()])
        .when(fill('BUY', '1', { fillPrice: '0' }))
        .thenThrows(refusedWith('INVALID_PRICE'));
      given([created()])
        .when(fill('BUY', '1', { fillPrice: '-3' }))
        .thenThrows(refusedWith('INVALID_PRICE'));
      given([created()])
        .when(fill('BUY', '1', { executedAt: at(6) }))
        .thenThrows(refusedWith('EXECUTED_IN_FUTURE'));
      // Now is 2026-01-01 12:00Z: 2026-01-02 02:00 in UTC+14, the latest date on Earth; the 3rd is nowhere yet.
      given([created()])
        .when(fill('BUY', '1', { executedAt: '2026-01-03' }))
        .thenThrows(refusedWith('EXECUTED_IN_FUTURE'));
      given([created()])
        .when(fill('BUY', '1', { executedAt: '2025-12-31T23:59:59Z' }))
        .thenThrows(refusedWith('EXECUTED_BEFORE_TRACKING'));
      given([created()])
        .when(fill('BUY', '1', { executedAt: 'yesterday' }))
        .thenThrows(refusedWith('INVALID_EXECUTED_AT'));
    });
  });

  describe('When selling from lots', () => {
    const lots = [
      created({ fractionalShares: true }),
      {
        ...executed(1, 'BUY', '2', '200.00'),
        data: { ...executed(1, 'BUY', '2', '200.00').data, fillPrice: '100' },
      },
      {
        ...executed(2, 'BUY', '2', '600.00'),
        data: { ...executed(2, 'BUY', '2', '600.00').data, fillPrice: '300' },
      },
      {
        ...executed(3, 'BUY', '2', '400.00'),
        data: { ...executed(3, 'BUY', '2', '400.00').data, fillPrice: '200' },
      },
    ];
    const sell = (shares: string, extra: Partial<ExecuteOrder['data']> = {}) =>
      command<ExecuteOrder>(
        'ExecuteOrder',
        { symbol: 'AAPL', orderType: 'SELL', shares, price: '250', ...extra },
        5,
      );

    it('closes the highest cost first by default (HIFO), partly closing the last lot', () => {
      const step = given(lots).when(sell('3.5'));
      step.then(
        sold(
          '3.5',
          '875.00',
          [closing('evt-2', '2', '300', at(2)), closing('evt-3', '1.5', '200', at(3))],
          '250.00',
        ),
      );
      expect(lotsOf(step.state())).toEqual([
        ['evt-1', '2', '100', at(1)],
        ['evt-3', '0.5', '200', at(3)],
      ]);
    });

    it('closes the oldest first after the method changed to FIFO, and the change is recorded', () => {
      const changed = event(4, 'LotMethodChanged', { lotMethod: 'FIFO', previousLotMethod: 'HIFO' });
      given(lots)
        .when(command('ChangeLotMethod', { lotMethod: 'fifo' }, 4))
        .then(changed);
      given([...lots, changed])
        .when(sell('3'))
        .then(
          sold(
            '3',
            '750.00',
            [closing('evt-1', '2', '100', at(1)), closing('evt-2', '1', '300', at(2))],
            '250.00',
          ),
        );
      given([...lots, changed])
        .when(command('ChangeLotMethod', { lotMethod: 'FIFO' }, 5))
        .thenNothingHappened();
      given(lots)
        .when(command('ChangeLotMethod', { lotMethod: 'LIFO' }, 5))
        .thenThrows(refusedWith('INVALID_LOT_METHOD'));
    });

    it('closes the lots the order names', () => {
      given(lots)
        .when(
          sell('1.5', {
            lots: [
              { lotId: 'evt-1', shares: '1' },
              { lotId: 'evt-3', shares: 0.5 },
            ],
          }),
        )
        .then(
          sold(
            '1.5',
            '375.00',
            [closing('evt-1', '1', '100', at(1)), closing('evt-3', '0.5', '200', at(3))],
            '250.00',
          ),
        );
    });

    it('refuses named lots that do not exist, hold too few shares, repeat or do not add up', () => {
      given(lots)
        .when(sell('1', { lots: [{ lotId: 'evt-9', shares: '1' }] }))
        .thenThrows(refusedWith('LOT_NOT_FOUND'));
      given(lots)
        .when(sell('3', { lots: [{ lotId: 'evt-1', shares: '3' }] }))
        .thenThrows(refusedWith('LOT_SHARES_INVALID'));
      given(lots)
        .when(
          sell('2', {
            lots: [
              { lotId: 'evt-1', shares: '1' },
              { lotId: 'evt-1', shares: '1' },
            ],
          }),
        )
        .thenThrows(refusedWith('LOTS_DO_NOT_MATCH_SHARES'));
      given(lots)
        .when(sell('2', { lots: [{ lotId: 'evt-1', shares: '1' }] }))
        .thenThrows(refusedWith('LOTS_DO_NOT_MATCH_SHARES'));
      given(lots)
        .when(
          command<ExecuteOrder>(
            'ExecuteOrder',
            { symbol: 'AAPL', orderType: 'BUY', shares: '1', price: '1', lots: [] },
            5,
          ),
        )
        .thenThrows(refusedWith('LOTS_ON_BUY'));
    });
  });

  describe('When the input is invalid', () => {
    it('rejects zero shares with the spec message', () => {
      given([created()])
        .when(order('BUY', '0'))
        .thenThrows(
          refusedWith('SHARES_NOT_POSITIVE', 'Please enter a valid shares amount greater than zero'),
        );
    });

    it('rejects more than 9,999,999,999 shares', () => {
      given([created()]).when(order('BUY', '10000000000')).thenThrows(refusedWith('SHARES_ABOVE_CAP'));
    });

    it('needs a positive price', () => {
      given([created()])
        .when(order('BUY', '1', 'AAPL', '0'))
        .thenThrows(refusedWith('INVALID_PRICE'));
    });
  });

  describe('When it is not the owner', () => {
    it('refuses with a forbidden error', () => {
      given([created()])
        .when(order('BUY', '1', 'AAPL', '1', 'someone-else'))
        .thenThrows((error) => error instanceof DomainError && error.kind === 'forbidden');
    });
  });

  describe('When the tracking does not exist or was deleted', () => {
    it('answers not found', () => {
      given([]).when(order('BUY', '1')).thenThrows(refusedWith('TRACKING_NOT_FOUND'));
      const deleted = event<TrackingDeleted>(1, 'TrackingDeleted', {});
      given([created(), deleted]).when(order('BUY', '1')).thenThrows(refusedWith('TRACKING_DELETED'));
    });
  });
});
