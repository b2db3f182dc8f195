import { dec } from '@etf-replicator/core';
import type Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateReadModels } from '../migrate-read-models';
import { type TestDatabase, testDatabaseKinds } from '../testing';
import { positionColumns } from './state-positions';
import { readTrackingStates, type TrackingStateRow, writeTrackingStates } from './tracking-states';

/**
 * readTrackingStates over rows that hold only their changes between checkpoints (issue 28): whatever the window
 * asked, each state read has every position the tracking held after that event, as when each row held them all.
 */

const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'AMZN'];

/** 150 events: event i buys one share of a symbol, every fifth closes one; revisions 7 and 70 wrote no row. */
const history = (trackingId: string) => {
  let positions = new Map<string, Decimal>();
  let previous: ReadonlyMap<string, Decimal> | undefined;
  const rows: TrackingStateRow[] = [];
  const expected: Record<string, string>[] = [];
  for (let revision = 0; revision < 150; revision++) {
    if (revision === 7 || revision === 70) continue;
    positions = new Map(positions);
    const symbol = SYMBOLS[revision % SYMBOLS.length] as string;
    if (revision % 5 === 4) positions.delete(symbol);
    else positions.set(symbol, (positions.get(symbol) ?? dec('0')).plus(1));
    rows.push({
      trackingId,
      revision,
      occurredAt: new Date(Date.UTC(2026, 0, 1, 0, revision)).toISOString(),
      eventType: 'OrderExecuted',
      targetAmount: '1000',
      cash: '10',
      autoTracking: false,
      numberOfWeightings: 50,
      ...positionColumns(revision, positions, previous),
      exclusions: null,
      substitutions: null,
    });
    expected.push(Object.fromEntries([...positions].map(([s, n]) => [s, n.toFixed()])));
    previous = positions;
  }
  return { rows, expected };
};

describe.each(await testDatabaseKinds())('tracking_states positions on $name', ({ open }) => {
  let test: TestDatabase;
  const first = history('t-first');
  const second = history('t-second');

  beforeAll(async () => {
    test = await open();
    await migrateReadModels(test.db);
    // Interleaved pages of two trackings, as a rebuild writes them.
    for (let page = 0; page < first.rows.length; page += 40)
      await test.db.pool.transaction((tx) =>
        writeTrackingStates(tx, [
          ...first.rows.slice(page, page + 40),
          ...second.rows.slice(page, page + 40),
        ]),
      );
  });
  afterAll(() => test?.dispose());

  it('reads every window with all the positions held after each event', async () => {
    // 148 rows (revisions 7 and 70 have none): windows starting on a checkpoint, right after one, and before it.
    for (const limit of [1, 5, 20, 63, 64, 65, 84, 85, 86, 148, 2000]) {
      const states = await readTrackingStates(test.db.pool, 't-first', limit);
      const shown = Math.min(limit, first.rows.length);
      expect(states.map((state) => state.stream_revision)).toEqual(
        first.rows.slice(-shown).map((row) => row.revision),
      );
      expect(states.map((state) => ({ ...state.positions }))).toEqual(first.expected.slice(-shown));
    }
  });

  it('stores all the positions only on checkpoints', async () => {
    const stored = first.rows.filter((row) => row.positions !== null).map((row) => row.revision);
    expect(stored).toEqual([0, 64, 128]);
    expect(await readTrackingStates(test.db.pool, 't-none', 10)).toEqual([]);
  });
});
