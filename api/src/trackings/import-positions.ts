import { randomUUID } from 'node:crypto';
import {
  AMOUNT_MESSAGES,
  type Decimal,
  dec,
  decide,
  evolve,
  type ImportedPositions,
  initialState,
  parseAmount,
  sumDecimals,
  toMoneyString,
  ZERO,
} from '@etf-replicator/core';
import { parseCellDate, parseCellNumber } from '@etf-replicator/core/broker-import/cell-values';
import { parsePositions } from '@etf-replicator/core/broker-import/parse-positions';
import type { ImportPreview, ImportRow } from '@etf-replicator/core/contracts/broker-import';
import type { LatestSnapshot } from '@etf-replicator/projections/market-data/latest-snapshot';
import { deriveTrackingView } from '@etf-replicator/projections/trackings/derive-tracking-view';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../auth/session-user';
import { HttpError } from '../http/http-error';
import { engineHoldings, planOf, requireReplicableSnapshot, weightingsCapFor } from './market-context';

export type ImportSource = { readonly csv: string } | { readonly rows: readonly ImportRow[] };

export type ImportRequest = {
  readonly symbol: string;
  readonly targetInvestmentAmount?: string | number | undefined;
  readonly fractionalShares?: boolean | undefined;
  readonly autoTracking?: boolean | undefined;
  readonly source: ImportSource;
};

type Row = {
  line: number | null;
  symbol: string;
  shares: Decimal;
  costBasis: Decimal | null;
  acquired: string | null;
};
type Ignored = ImportPreview['ignored'][number];

const MAX_LISTED_ERRORS = 10;

/** Every broken line in one 400: "Line 7: …; Line 9: …" (the first ten, then how many more). */
const lineErrors = (messages: readonly string[]) => {
  const listed = messages.slice(0, MAX_LISTED_ERRORS).join('; ');
  const more =
    messages.length > MAX_LISTED_ERRORS ? ` (and ${messages.length - MAX_LISTED_ERRORS} more)` : '';
  return new HttpError(400, `Nothing was imported. ${listed}${more}`);
};

const readRows = (
  source: ImportSource,
  today: string,
): { rows: Row[]; ignored: Ignored[]; source: ImportPreview['source'] } => {
  if ('csv' in source) {
    const parsed = parsePositions(source.csv, { today });
    if (!parsed.ok) throw lineErrors(parsed.errors.map((error) => error.message));
    return {
      rows: parsed.rows.map((row) => ({ ...row })),
      ignored: parsed.ignored.map((row) => ({ ...row })),
      source: parsed.layout,
    };
  }
  const errors: string[] = [];
  const rows: Row[] = [];
  for (const [index, row] of source.rows.entries()) {
    const checked = checkJsonRow(row, today);
    if (typeof checked === 'string') errors.push(`Row ${index + 1}: ${checked}`);
    else rows.push(checked);
  }
  if (errors.length > 0) throw lineErrors(errors);
  return { rows, ignored: [], source: { id: 'json', name: 'rows' } };
};

/** A JSON row as a lot, or what is wrong with it. */
const checkJsonRow = (row: ImportRow, today: string): Row | string => {
  const symbol = row.symbol.trim().toUpperCase();
  const shares = parseCellNumber(String(row.shares));
  const cost = parseCellNumber(row.costBasis == null ? '' : String(row.costBasis));
  const acquired = parseCellDate(row.acquired ?? '');
  if (!shares.ok || shares.value === null || !shares.value.gt(ZERO))
    return `shares of ${symbol} must be a number greater than 0`;
  if (!cost.ok || cost.value?.isNegative()) return `cost basis of ${symbol} must be a number of at least 0`;
  if (!acquired.ok) return `acquired date of ${symbol} must be YYYY-MM-DD`;
  if (acquired.value !== null && acquired.value > today) return `acquired date of ${symbol} is in the future`;
  return { line: null, symbol, shares: shares.value, costBasis: cost.value, acquired: acquired.value };
};

/** Brokers write share classes as BRK/B, BRK.B or BRK-B; ETF holdings use one of them. */
const symbolKey = (symbol: string) => symbol.toUpperCase().replace(/[./\- ]/g, '.');

export type PreparedImport = {
  readonly preview: ImportPreview;
  readonly snapshot: LatestSnapshot;
  readonly targetAmount: string;
  /** For the command: the rows that are holdings of the ETF, at the snapshot's prices. */
  readonly importedPositions: ImportedPositions | null;
};

/**
 * Everything the import will do, decided without appending: the file's rows matched to the ETF's latest holdings
 * (others are kept outside the tracking), each a lot with its cost basis and date (else the snapshot price and today),
 * and the adjustment orders the new tracking will suggest — derived by folding the very events the command decides.
 */
export const prepareImport = async (
  app: FastifyInstance,
  user: SessionUser,
  request: ImportRequest,
  now: Date,
): Promise<PreparedImport> => {
  const today = now.toISOString().slice(0, 10);
  const snapshot = await requireReplicableSnapshot(app.db.pool, request.symbol);
  const read = readRows(request.source, today);
  const holdings = new Map(snapshot.holdings.map((holding) => [symbolKey(holding.symbol), holding]));
  const ignored: Ignored[] = [...read.ignored];
  const matched: (Row & { etfSymbol: string; price: Decimal })[] = [];
  for (const row of read.rows) {
    const holding = holdings.get(symbolKey(row.symbol));
    if (!holding) {
      ignored.push({
        line: row.line,
        symbol: row.symbol,
        reason: `kept outside the tracking: not a holding of ${snapshot.symbol}`,
      });
    } else if (!holding.price || !dec(holding.price).gt(ZERO)) {
      ignored.push({
        line: row.line,
        symbol: row.symbol,
        reason: 'kept outside the tracking: the latest market data has no price for it',
      });
    } else {
      matched.push({ ...row, etfSymbol: holding.symbol, price: dec(holding.price) });
    }
  }
  const importedValue = sumDecimals(matched.map((row) => row.shares.mul(row.price)));
  const target = targetAmountOf(request.targetInvestmentAmount, importedValue);
  const importedPositions: ImportedPositions | null =
    matched.length === 0
      ? null
      : {
          eventId: randomUUID(),
          source: read.source.id,
          rows: matched.map((row) => ({
            symbol: row.etfSymbol,
            shares: row.shares.toFixed(),
            price: row.price.toFixed(),
            ...(row.costBasis === null ? {} : { costBasis: row.costBasis.toFixed() }),
            ...(row.acquired === null ? {} : { acquired: row.acquired }),
          })),
        };
  const view = previewView(snapshot, user, request, target, importedPositions, now);
  const preview: ImportPreview = {
    etfSymbol: snapshot.symbol,
    pricesAsOf:
      snapshot.pricesFrom && snapshot.pricesTo ? { from: snapshot.pricesFrom, to: snapshot.pricesTo } : null,
    source: read.source,
    recorded: matched.map((row) => ({
      line: row.line,
      symbol: row.etfSymbol,
      shares: row.shares.toFixed(),
      price: row.price.toFixed(),
      value: toMoneyString(row.shares.mul(row.price)),
      costBasis: toMoneyString(row.costBasis ?? row.shares.mul(row.price)),
      costBasisFrom: row.costBasis === null ? 'snapshotPrice' : 'file',
      acquired: row.acquired ?? today,
      acquiredFrom: row.acquired === null ? 'today' : 'file',
    })),
    ignored,
    importedValue: toMoneyString(importedValue),
    targetInvestmentAmount: toMoneyString(target),
    leftoverAmount: view?.currentReplication.leftoverAmount ?? toMoneyString(target.sub(importedValue)),
    orders: view?.adjustmentOrders ?? [],
    replicationRate: view?.replicationRate ?? '0',
    notes: notesFor(matched),
  };
  return { preview, snapshot, targetAmount: target.toFixed(), importedPositions };
};

const notesFor = (rows: readonly Row[]): string[] => [
  ...(rows.some((row) => row.costBasis === null)
    ? ['Rows without a cost basis are recorded at the latest snapshot price.']
    : []),
  ...(rows.some((row) => row.acquired === null)
    ? [
        'Rows without an acquired date are recorded as acquired today (taxes count their holding period from today).',
      ]
    : []),
  'Each row becomes one tax lot. The tracking is charged what the positions are worth at the latest prices.',
];

/** The amount asked for, else the positions' value rounded up to the cent. */
const targetAmountOf = (asked: string | number | undefined, importedValue: Decimal): Decimal => {
  if (asked !== undefined && String(asked).trim() !== '')
    return parseAmount(asked, 'targetInvestmentAmount', AMOUNT_MESSAGES.wizardInvalid);
  if (importedValue.isZero())
    throw new HttpError(
      400,
      'targetInvestmentAmount: enter the amount to replicate (no position of the file is a holding of this ETF)',
    );
  return parseAmount(importedValue.toDecimalPlaces(2, 0).toFixed(), 'targetInvestmentAmount');
};

const previewView = (
  snapshot: LatestSnapshot,
  user: SessionUser,
  request: ImportRequest,
  target: Decimal,
  importedPositions: ImportedPositions | null,
  now: Date,
) => {
  const plan = planOf(user.plan);
  const cap = weightingsCapFor(plan, snapshot);
  const events = decide(
    {
      type: 'CreateTracking',
      data: {
        trackingId: 'preview',
        userId: user.userId,
        symbol: snapshot.symbol,
        targetAmount: target.toFixed(),
        fractionalShares: request.fractionalShares ?? false,
        autoTracking: request.autoTracking ?? false,
        numberOfWeightings: cap,
        plan,
        existingTrackings: 0,
        numberOfWeightingsCap: cap,
        ...(importedPositions ? { importedPositions } : {}),
      },
      metadata: { now, eventId: randomUUID(), actorUserId: user.userId },
    },
    initialState(),
  );
  const state = events.reduce(evolve, initialState());
  if (state.status !== 'Active') return null;
  return deriveTrackingView(
    state,
    {
      symbol: snapshot.symbol,
      eventId: snapshot.eventId,
      asOf: snapshot.asOf,
      holdings: engineHoldings(snapshot),
    },
    plan,
  );
};
