import { isoDateSchema } from '@etf-replicator/api/market-data/bundled/dated-closes';

export type MarketImportArgs = {
  /** --force: also replace snapshots another provider (FMP) published since. */
  readonly force: boolean;
  /** --as-of YYYY-MM-DD (or --as-of=YYYY-MM-DD): the dated snapshot. */
  readonly asOf?: string;
};

/** `npm run market:import -- [--force] [--as-of DATE]`; throws a usage message on anything else. */
export const parseMarketImportArgs = (argv: readonly string[]): MarketImportArgs => {
  let force = false;
  let asOf: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--force') force = true;
    else if (arg === '--as-of' || arg.startsWith('--as-of=')) {
      const value = arg === '--as-of' ? argv[++i] : arg.slice('--as-of='.length);
      if (value === undefined || !isoDateSchema.safeParse(value).success) {
        throw new Error(
          `--as-of needs a date as YYYY-MM-DD (got ${value === undefined ? 'nothing' : value})`,
        );
      }
      asOf = value;
    } else
      throw new Error(
        `Unknown argument ${arg}. Usage: npm run market:import -- [--force] [--as-of YYYY-MM-DD]`,
      );
  }
  return { force, ...(asOf === undefined ? {} : { asOf }) };
};
