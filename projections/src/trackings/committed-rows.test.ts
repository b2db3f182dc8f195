import { AppendOnlyList, dec, LotBook, type Tracking } from '@etf-replicator/core';
import { describe, expect, it } from 'vitest';
import {
  committedRowBefore,
  forgetKnownRows,
  rememberCommittedRow,
  rememberFoldedTracking,
} from './committed-rows';
import type { Pending } from './tracking-rows';

const lot = {
  lotId: 'lot-1',
  symbol: 'AAPL',
  shares: dec('2'),
  costPerShare: dec('150'),
  acquiredAt: '2026-01-05',
  costKnown: true,
  dateKnown: true,
};
const folded = (trackingId: string): Extract<Tracking, { status: 'Active' }> =>
  ({
    status: 'Active',
    trackingId,
    lots: LotBook.from(AppendOnlyList.from([lot])),
    actions: AppendOnlyList.from([{ actionId: 'a-1' }]),
  }) as unknown as Extract<Tracking, { status: 'Active' }>; // only the fields these rules touch

describe('rows the trackings projector folds into without reading them', () => {
  it('keeps a command side fold without its history, its lots as what the rows hold', () => {
    forgetKnownRows();
    const state = folded('t-1');
    rememberFoldedTracking('t-1', 4, state);
    const row = committedRowBefore('t-1', 5);
    expect(row?.revision).toBe(4);
    expect(row?.state.actions.length).toBe(0);
    expect(row?.storedLots).toBe(state.lots);
    expect(row?.eventId).toBeNull();
    // Only for the command whose first event is the next revision.
    expect(committedRowBefore('t-1', 4)).toBeUndefined();
    expect(committedRowBefore('t-1', 6)).toBeUndefined();
  });

  it('prefers the committed row at the revision needed, and takes a fold when the committed row is older', () => {
    forgetKnownRows();
    const committed = { revision: 4, eventId: 'e-4' } as unknown as Pending;
    rememberCommittedRow('t-2', committed);
    rememberFoldedTracking('t-2', 4, folded('t-2'));
    expect(committedRowBefore('t-2', 5)).toBe(committed);
    rememberFoldedTracking('t-2', 5, folded('t-2'));
    expect(committedRowBefore('t-2', 6)?.eventId).toBeNull();
    expect(committedRowBefore('t-2', 5)).toBe(committed);
  });

  it('ignores a stream with no tracking yet, and forgets everything on request', () => {
    forgetKnownRows();
    rememberFoldedTracking('t-3', 0, { status: 'Empty' } as Tracking);
    expect(committedRowBefore('t-3', 1)).toBeUndefined();
    rememberFoldedTracking('t-3', 0, folded('t-3'));
    forgetKnownRows();
    expect(committedRowBefore('t-3', 1)).toBeUndefined();
  });
});
