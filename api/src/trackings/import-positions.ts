import {
  AMOUNT_MESSAGES,
  checkTaxBudget,
  type Decimal,
  dec,
  formatMoney,
  type ImportedPositions,
  parseAmount,
  sumDecimals,
  toMoneyString,
  ZERO,
} from '@etf-replicator/core';
import type { ImportPreview } from '@etf-replicator/core/contracts/broker-import';
import type { IndexRequest } from '@etf-replicator/core/contracts/indexes';
import type { TaxBudgetRequest } from '@etf-replicator/core/contracts/tax-budget';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../auth/session-user';
import { commandScopedId } from '../commands/command-scope';
import { HttpError } from '../http/http-error';
import { ordersWithoutPaused } from '../market-data/corporate-actions/paused-orders';
import { importNotes } from './import-notes';
import { importPreviewView } from './import-preview-view';
import { byLine, type Ignored, type ImportSource, type Row, readRows } from './import-rows';
import { type ImportTarget, importTarget } from './import-target';
import { planOf } from './market-context';

export type { ImportSource } from './import-rows';

export type ImportRequest = {
  /** The ETF; or `index` (issue 30). */
  readonly symbol?: string | undefined;
  readonly index?: IndexRequest | undefined;
  readonly targetInvestmentAmount?: string | number | undefined;
  readonly fractionalShares?: boolean | undefined;
  readonly autoTracking?: boolean | undefined;
  /** Issue 31: the gains budget the tracking starts with (set in the same append). */
  readonly taxBudget?: TaxBudgetRequest | undefined;
  readonly source: ImportSource;
};

/** Brokers write share classes as BRK/B, BRK.B or BRK-B; ETF holdings use one of them. */
const symbolKey = (symbol: string) => symbol.toUpperCase().replace(/[./\- ]/g, '.');

export type PreparedImport = {
  readonly preview: ImportPreview;
  readonly target: ImportTarget;
  readonly targetAmount: string;
  /** For the command: the rows that are holdings of the ETF (or the index), at the snapshot's prices. */
  readonly importedPositions: ImportedPositions | null;
};

/**
 * Everything the import will do, decided without appending: the file's rows matched to the ETF's latest holdings
 * (others are kept outside the tracking), each a lot with its cost basis and date when the file gives them (else the
 * event records them as not given: valued at the snapshot price for replication, unknown for taxes), the target
 * (the amount asked for, else the positions' value plus the file's cash), and the adjustment orders the new tracking
 * will suggest — derived by folding the very events the command decides.
 */
export const prepareImport = async (
  app: FastifyInstance,
  user: SessionUser,
  request: ImportRequest,
  now: Date,
): Promise<PreparedImport> => {
  const today = now.toISOString().slice(0, 10);
  // A budget that cannot be set refuses the import before anything is reserved or appended.
  if (request.taxBudget) checkTaxBudget(request.taxBudget, now);
  const tracked = await importTarget(app.db.pool, request, planOf(user.plan));
  const read = readRows(request.source, today);
  const holdings = new Map(tracked.snapshot.holdings.map((holding) => [symbolKey(holding.symbol), holding]));
  const ignored: Ignored[] = [...read.ignored];
  const matched: (Row & { etfSymbol: string; price: Decimal })[] = [];
  for (const row of read.rows) {
    const holding = holdings.get(symbolKey(row.symbol));
    if (!holding) {
      ignored.push({
        line: row.line,
        symbol: row.symbol,
        reason: `kept outside the tracking: not a holding of ${tracked.label}`,
      });
    } else if (holding.price == null || !dec(holding.price).gt(ZERO)) {
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
  const targetFrom = askedFor(request.targetInvestmentAmount) ? 'request' : 'positionsAndCash';
  const target = targetAmountOf(request.targetInvestmentAmount, importedValue, read.cash);
  const importedPositions: ImportedPositions | null =
    matched.length === 0
      ? null
      : {
          // With an Idempotency-Key the same for every run, so a retry cannot record the lots twice.
          eventId: commandScopedId('positions-imported'),
          source: read.source.id,
          rows: matched.map((row) => ({
            symbol: row.etfSymbol,
            shares: row.shares.toFixed(),
            price: row.price.toFixed(),
            ...(row.costBasis === null ? {} : { costBasis: row.costBasis.toFixed() }),
            ...(row.acquired === null ? {} : { acquired: row.acquired }),
          })),
        };
  const { view, budgets } = importPreviewView(tracked, user, request, target, importedPositions, now);
  // The same paused-orders rule as the tracking's page (issue 32): no orders for a flagged holding.
  const orders = view
    ? await ordersWithoutPaused(app, { symbol: tracked.symbol, index: tracked.index }, view)
    : { orders: [], paused: [] };
  const preview: ImportPreview = {
    etfSymbol: tracked.symbol,
    ...(tracked.index ? { indexLabel: tracked.label } : {}),
    pricesAsOf: tracked.pricesAsOf,
    source: read.source,
    recorded: matched.map((row) => ({
      line: row.line,
      symbol: row.etfSymbol,
      shares: row.shares.toFixed(),
      price: row.price.toFixed(),
      value: toMoneyString(row.shares.mul(row.price)),
      costBasis: row.costBasis === null ? null : toMoneyString(row.costBasis),
      basisKnown: row.costBasis !== null,
      acquired: row.acquired,
      dateKnown: row.acquired !== null,
    })),
    ignored: ignored.sort(byLine),
    importedValue: toMoneyString(importedValue),
    cashAmount: toMoneyString(read.cash),
    targetFrom,
    targetInvestmentAmount: toMoneyString(target),
    leftoverAmount: view?.currentReplication.leftoverAmount ?? toMoneyString(target.sub(importedValue)),
    orders: orders.orders,
    pausedOrders: orders.paused,
    replicationRate: view?.replicationRate ?? '0',
    notes: importNotes({ rows: matched, lotExport: read.lotExport, cash: read.cash, targetFrom }),
    ...budgets,
  };
  return { preview, target: tracked, targetAmount: target.toFixed(), importedPositions };
};

const askedFor = (asked: string | number | undefined) => asked !== undefined && String(asked).trim() !== '';

/**
 * The amount asked for (at least what the positions are worth: the import never starts with negative cash), else
 * the positions' value plus the file's cash, rounded up to the cent.
 */
const targetAmountOf = (
  asked: string | number | undefined,
  importedValue: Decimal,
  cash: Decimal,
): Decimal => {
  if (askedFor(asked)) {
    const amount = parseAmount(
      asked as string | number,
      'targetInvestmentAmount',
      AMOUNT_MESSAGES.wizardInvalid,
    );
    if (amount.lt(importedValue))
      throw new HttpError(
        400,
        `targetInvestmentAmount: must be at least what the imported positions are worth, ${formatMoney(importedValue.toDecimalPlaces(2, 0))}`,
      );
    return amount;
  }
  if (importedValue.isZero())
    throw new HttpError(
      400,
      'targetInvestmentAmount: enter the amount to replicate (no position of the file is a holding of this ETF)',
    );
  return parseAmount(importedValue.add(cash).toDecimalPlaces(2, 0).toFixed(), 'targetInvestmentAmount');
};
