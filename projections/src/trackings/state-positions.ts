import { PersistentMap } from '@etf-replicator/core/shared/persistent-map';
import type Decimal from 'decimal.js';

/*
 * The positions of tracking_states (issue 28: state that does not grow per command). A row used to hold every
 * position after its event, so a tracking of 500 holdings wrote 7.7 KB per order and its rebuild sent PostgreSQL
 * megabytes of JSON to parse (bench:api's log: 25 MB of positions for 55k events). Now one row in
 * CHECKPOINT_EVERY revisions (and a tracking's first) holds them all; the others hold only what their event changed,
 * "0" for a position closed. Readers fold the changes forward from the checkpoint before the rows they show.
 */
export const CHECKPOINT_EVERY = 64;

export type Positions = Readonly<Record<string, string>>;
/** What a row stores: exactly one of the two is set. */
export type PositionColumns = {
  readonly positions: Positions | null;
  readonly positionChanges: Positions | null;
};

/**
 * Decimals are immutable and a fold keeps the ones an event does not change (the target, the other positions):
 * their text is computed once per value, not once per event and position (a rebuild writes a row per event).
 */
const fixedText = new WeakMap<Decimal, string>();
export const fixed = (value: Decimal): string => {
  let text = fixedText.get(value);
  if (text === undefined) {
    text = value.toFixed();
    fixedText.set(value, text);
  }
  return text;
};

const held = (positions: ReadonlyMap<string, Decimal>): Record<string, string> => {
  const result: Record<string, string> = Object.create(null); // a symbol is data, never a prototype key
  for (const [symbol, shares] of positions) if (!shares.isZero()) result[symbol] = fixed(shares);
  return result;
};

/** Beyond this many changes between two versions, comparing the whole maps costs no more than following them. */
const CHANGES_FOLLOWED = 64;

/**
 * What changed from `before` to `after` (positions at zero count as absent). When the fold derived one from the other
 * (core's PersistentMap), only the symbols it changed are compared: a tracking of 500 holdings costs an order what a
 * tracking of one costs.
 */
const changes = (before: ReadonlyMap<string, Decimal>, after: ReadonlyMap<string, Decimal>) => {
  const changed: Record<string, string> = Object.create(null);
  const note = (symbol: string, was: Decimal | undefined, shares: Decimal | undefined) => {
    if (was === shares) return; // the fold kept the same Decimal: unchanged, no comparison needed
    if (shares === undefined || shares.isZero()) {
      if (was !== undefined && !was.isZero()) changed[symbol] = '0';
    } else if (was === undefined || !was.eq(shares)) changed[symbol] = fixed(shares);
  };
  const keys = after instanceof PersistentMap ? after.keysChangedSince(before, CHANGES_FOLLOWED) : undefined;
  if (keys) {
    // All of one version's values first, then the other's: each switch between versions re-points the shared Map.
    const now = keys.map((symbol) => after.get(symbol));
    for (const [index, symbol] of keys.entries()) note(symbol, before.get(symbol), now[index]);
  } else {
    for (const [symbol, shares] of after) note(symbol, before.get(symbol), shares);
    for (const [symbol, shares] of before) if (!after.has(symbol)) note(symbol, shares, undefined);
  }
  return changed;
};

/**
 * The columns of the row written for `revision`: all the positions on a checkpoint (or with no state before it),
 * else the changes from `previous`, the state of the tracking's row before this one.
 */
export const positionColumns = (
  revision: number,
  positions: ReadonlyMap<string, Decimal>,
  previous: ReadonlyMap<string, Decimal> | undefined,
): PositionColumns =>
  previous === undefined || revision % CHECKPOINT_EVERY === 0
    ? { positions: held(positions), positionChanges: null }
    : { positions: null, positionChanges: changes(previous, positions) };

/**
 * Each row's full positions, oldest first, from rows that start at a checkpoint (a row with positions): throws when
 * the first row has none (the reader asked from the wrong row; a wrong history must never be shown).
 */
export const foldPositions = <Row extends PositionColumns>(
  rows: readonly Row[],
): (Omit<Row, 'positions' | 'positionChanges'> & { positions: Positions })[] => {
  const copy = (positions: Positions): Record<string, string> =>
    Object.assign(Object.create(null), positions);
  let current: Record<string, string> | undefined;
  return rows.map(({ positions, positionChanges, ...rest }) => {
    if (positions) current = copy(positions);
    else if (!current || !positionChanges) throw new Error('tracking_states rows must start at a checkpoint');
    else {
      current = copy(current);
      for (const [symbol, shares] of Object.entries(positionChanges)) {
        if (shares === '0') delete current[symbol];
        else current[symbol] = shares;
      }
    }
    return { ...rest, positions: current };
  });
};
