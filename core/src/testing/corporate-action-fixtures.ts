import type { RecordedAction } from '../tracking/commands/backdated-buys';

/** Test-only: the bundled NFLX 10-for-1 effective 2025-11-17 as recorded, or a split of another ratio/id that day. */
export const nflxSplit = (overrides: Partial<RecordedAction> = {}): RecordedAction => ({
  actionId: 'ca-nflx',
  type: 'SPLIT',
  symbol: 'NFLX',
  toSymbol: null,
  ratio: '10',
  basisFraction: null,
  effectiveOn: '2025-11-17',
  ...overrides,
});
