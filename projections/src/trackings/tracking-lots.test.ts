import { dec } from '@etf-replicator/core';
import { LotBook } from '@etf-replicator/core/tracking/lot-book';
import type { Lot } from '@etf-replicator/core/tracking/lots';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lotChanges } from './tracking-lots';
import { toLotJson } from './tracking-state-codec';

/**
 * tracking_lots rows changed lot by lot (issue 28 item 4) must end as the rows written from scratch: applying the
 * changes between two books to the rows of the first gives the rows of the second, whatever happened in between
 * (lots opened, partly or wholly closed, a symbol's lots replaced).
 */

const lot = (n: number, symbol: string, shares: string): Lot => ({
  lotId: `lot-${n}`,
  symbol,
  shares: dec(shares),
  costPerShare: dec('100'),
  acquiredAt: `2026-01-${String(1 + (n % 28)).padStart(2, '0')}T15:00:00.000Z`,
  costKnown: true,
  dateKnown: true,
});

const rowsOf = (book: LotBook) => new Map([...book].map((open) => [open.lotId, toLotJson(open)] as const));

const opArb = fc.record({
  open: fc.boolean(),
  symbol: fc.constantFrom('AAPL', 'MSFT', 'NVDA'),
  pick: fc.nat({ max: 100 }),
  halve: fc.boolean(),
  /** The rows are brought up to date here (else the next step's changes cover both). */
  write: fc.boolean(),
});

describe('tracking_lots changes', () => {
  it('bring the stored rows to the rows of the new lots, over random opens and closes', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 40 }), (ops) => {
        let stored = LotBook.empty();
        let rows = new Map<string, ReturnType<typeof toLotJson>>();
        let book = stored;
        ops.forEach((op, n) => {
          const own = [...book.ofSymbol(op.symbol)];
          if (op.open || own.length === 0) book = book.withOpened(lot(n, op.symbol, '10'));
          else {
            const index = op.pick % own.length;
            const closed = own[index] as Lot;
            const rest = own.filter((_, i) => i !== index);
            if (op.halve) rest.splice(index, 0, { ...closed, shares: closed.shares.div(2) });
            book = book.withSymbol(op.symbol, rest);
          }
          if (!op.write && n < ops.length - 1) return;
          const { put, gone } = lotChanges(stored, book);
          rows = new Map(rows);
          for (const lotId of gone) rows.delete(lotId);
          for (const [lotId, json] of put) rows.set(lotId, json);
          stored = book;
        });
        expect(rows).toEqual(rowsOf(book));
      }),
      { numRuns: 300 },
    );
  });

  it('write one row for a BUY and none for an unchanged book', () => {
    // 3 AAPL lots stored; a BUY opens lot-3: only it is written, nothing deleted.
    const stored = [lot(0, 'AAPL', '1'), lot(1, 'AAPL', '2'), lot(2, 'MSFT', '3')].reduce(
      (book, open) => book.withOpened(open),
      LotBook.empty(),
    );
    const bought = stored.withOpened(lot(3, 'AAPL', '4'));
    expect(lotChanges(stored, bought)).toEqual({
      put: [['lot-3', toLotJson(lot(3, 'AAPL', '4'))]],
      gone: [],
    });
    expect(lotChanges(bought, bought)).toEqual({ put: [], gone: [] });
    // Selling lot-0 whole: one row deleted, none written.
    const sold = bought.withSymbol('AAPL', [...bought.ofSymbol('AAPL')].slice(1));
    expect(lotChanges(bought, sold)).toEqual({ put: [], gone: ['lot-0'] });
  });
});
