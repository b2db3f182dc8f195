import type { IndexDefinition } from '../indexes/definition';
import type { TrackingData } from './state-types';

/** The `symbol` a tracking of a custom list carries: it follows no ETF's snapshots (no ticker has a `*`). */
export const CUSTOM_INDEX_SYMBOL = '*CUSTOM';

/** The ETF whose snapshot stream a tracking of this index follows first: the ETF, a blend's first part. */
export const indexStreamSymbol = (index: IndexDefinition): string =>
  index.type === 'etf'
    ? index.symbol
    : index.type === 'blend'
      ? (index.parts[0]?.symbol ?? '')
      : CUSTOM_INDEX_SYMBOL;

/** The tracking's index: as recorded, or (trackings from before indexes) the ETF it was created with. */
export const trackingIndex = (tracking: Pick<TrackingData, 'symbol' | 'index'>): IndexDefinition =>
  tracking.index ?? { type: 'etf', symbol: tracking.symbol };

/** The state's fields for an index: the stream it follows, and the index itself unless it is just that ETF. */
export const indexFields = (index: IndexDefinition): Pick<TrackingData, 'symbol' | 'index'> =>
  index.type === 'etf'
    ? { symbol: index.symbol, index: undefined }
    : { symbol: indexStreamSymbol(index), index };
