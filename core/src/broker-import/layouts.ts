/**
 * The position exports we recognise, by their header row (see SOURCES.md for what each is based on). Column names
 * are compared lower-cased with runs of spaces collapsed (or with no spaces at all, as tools that rewrite a broker's
 * file write them: `CostBasisTotal`); each field lists the names a broker has used for it.
 */
export const BROKER_LAYOUT_IDS = ['schwab', 'fidelity', 'vanguard', 'ibkr', 'etrade', 'plain'] as const;
export type BrokerLayoutId = (typeof BROKER_LAYOUT_IDS)[number];

export type PositionColumns = {
  readonly symbol: readonly string[];
  readonly shares: readonly string[];
  /** The row's total cost basis. */
  readonly costTotal?: readonly string[];
  /** Cost per share (used when there is no total). */
  readonly costPerShare?: readonly string[];
  readonly acquired?: readonly string[];
  /** Security type or asset class: tells stocks from cash, options, bonds. */
  readonly type?: readonly string[];
  readonly description?: readonly string[];
  /** IBKR Flex: SUMMARY or LOT rows. */
  readonly levelOfDetail?: readonly string[];
  /** The row's market value: how much a cash or money market row holds. */
  readonly value?: readonly string[];
};

export type BrokerLayout = {
  readonly id: BrokerLayoutId;
  readonly name: string;
  /** Every one of these columns must be in the header (besides those of `columns`). */
  readonly requires: readonly (readonly string[])[];
  readonly columns: PositionColumns;
  /**
   * For a file without purchase dates: where the broker offers the same positions lot by lot, with dates and cost
   * (shown in the preview).
   */
  readonly lotExport?: string;
};

export const normalizeHeader = (cell: string): string => cell.trim().toLowerCase().replace(/\s+/g, ' ');

/** The same name written without spaces (`CostBasisTotal`) or with underscores. */
const compact = (name: string): string => name.replace(/[\s_]/g, '');

const SCHWAB_TYPE = ['security type', 'asset type'];
const SCHWAB_QUANTITY = ['quantity', 'qty (quantity)', 'qty'];
const SCHWAB_VALUE = ['mkt val (market value)', 'market value', 'mkt val'];

/**
 * Most specific first: the lot-level exports before the positions of the same broker (a lot file may carry the
 * positions' columns too), and the plain form (whose columns also occur in the broker layouts) last.
 */
export const BROKER_LAYOUTS: readonly BrokerLayout[] = [
  {
    id: 'schwab',
    name: 'Charles Schwab (lot details)',
    requires: [['open date']],
    columns: {
      symbol: ['symbol'],
      shares: SCHWAB_QUANTITY,
      costTotal: ['cost basis'],
      costPerShare: ['cost/share', 'cost per share'],
      acquired: ['open date'],
      type: SCHWAB_TYPE,
      description: ['description', 'name'],
      value: SCHWAB_VALUE,
    },
  },
  {
    id: 'fidelity',
    name: 'Fidelity (lots)',
    requires: [
      ['acquired', 'date acquired'],
      ['cost basis total', 'average cost basis', 'cost basis per share', 'cost basis/share'],
    ],
    columns: {
      symbol: ['symbol'],
      shares: ['quantity'],
      costTotal: ['cost basis total'],
      costPerShare: ['average cost basis', 'cost basis per share', 'cost basis/share'],
      acquired: ['acquired', 'date acquired'],
      description: ['description'],
      value: ['current value'],
    },
  },
  {
    id: 'schwab',
    name: 'Charles Schwab',
    requires: [SCHWAB_TYPE],
    columns: {
      symbol: ['symbol'],
      shares: SCHWAB_QUANTITY,
      costTotal: ['cost basis'],
      costPerShare: ['cost/share'],
      type: SCHWAB_TYPE,
      description: ['description'],
      value: SCHWAB_VALUE,
    },
    lotExport:
      "Schwab's positions export has no purchase dates. For each lot's date and cost, export the lot details of your positions (Unrealized Gain/Loss) and import that file instead.",
  },
  {
    id: 'fidelity',
    name: 'Fidelity',
    requires: [['account name'], ['cost basis total']],
    columns: {
      symbol: ['symbol'],
      shares: ['quantity'],
      costTotal: ['cost basis total'],
      costPerShare: ['average cost basis'],
      // Fidelity's "Type" is the account type (Cash, Margin), not the security's: not read.
      description: ['description'],
      value: ['current value'],
    },
    lotExport:
      "Fidelity's positions download has no purchase dates. For each lot's date and cost, download your open lots (Unrealized Gain/Loss) and import that file instead.",
  },
  {
    id: 'vanguard',
    name: 'Vanguard',
    requires: [['investment name'], ['share price']],
    columns: {
      symbol: ['symbol'],
      shares: ['shares'],
      description: ['investment name'],
      value: ['total value'],
    },
  },
  {
    id: 'ibkr',
    name: 'Interactive Brokers (Flex query)',
    requires: [['assetclass']],
    columns: {
      symbol: ['symbol'],
      shares: ['quantity'],
      costTotal: ['costbasismoney'],
      costPerShare: ['costbasisprice'],
      acquired: ['opendatetime'],
      type: ['assetclass'],
      description: ['description'],
      levelOfDetail: ['levelofdetail'],
      value: ['positionvalue'],
    },
  },
  {
    id: 'ibkr',
    name: 'Interactive Brokers (activity statement)',
    requires: [['asset category'], ['datadiscriminator']],
    columns: {
      symbol: ['symbol'],
      shares: ['quantity'],
      costTotal: ['cost basis'],
      costPerShare: ['cost price'],
      type: ['asset category'],
      description: ['description'],
      levelOfDetail: ['datadiscriminator'],
      value: ['value'],
    },
  },
  {
    id: 'etrade',
    name: 'E*TRADE',
    requires: [['last price $'], ['price paid $']],
    columns: { symbol: ['symbol'], shares: ['quantity'], costPerShare: ['price paid $'], value: ['value $'] },
  },
  {
    id: 'plain',
    name: 'symbol,shares[,costBasis,acquired]',
    requires: [],
    columns: {
      symbol: ['symbol'],
      shares: ['shares', 'quantity'],
      costTotal: ['costbasis', 'cost basis'],
      acquired: ['acquired', 'acquiredat', 'acquired at', 'date acquired'],
      value: ['marketvalue', 'market value', 'value'],
    },
  },
];

/** Column index of each field in `header`, or null when the header is not this layout's. */
export type ColumnIndex = { readonly [K in keyof PositionColumns]-?: number | null };

export const matchLayout = (layout: BrokerLayout, header: readonly string[]): ColumnIndex | null => {
  const names = header.map(normalizeHeader);
  const find = (aliases: readonly string[] | undefined) => {
    if (!aliases) return null;
    const exact = names.findIndex((name) => aliases.includes(name));
    if (exact >= 0) return exact;
    const spaceless = aliases.map(compact);
    const index = names.findIndex((name) => name !== '' && spaceless.includes(compact(name)));
    return index < 0 ? null : index;
  };
  if (layout.requires.some((aliases) => find(aliases) === null)) return null;
  const index: ColumnIndex = {
    symbol: find(layout.columns.symbol),
    shares: find(layout.columns.shares),
    costTotal: find(layout.columns.costTotal),
    costPerShare: find(layout.columns.costPerShare),
    acquired: find(layout.columns.acquired),
    type: find(layout.columns.type),
    description: find(layout.columns.description),
    levelOfDetail: find(layout.columns.levelOfDetail),
    value: find(layout.columns.value),
  };
  if (index.symbol === null || index.shares === null) return null;
  return index;
};
