/**
 * The position exports we recognise, by their header row (see SOURCES.md for what each is based on). Column names
 * are compared lower-cased with runs of spaces collapsed; each field lists the names a broker has used for it.
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
};

export type BrokerLayout = {
  readonly id: BrokerLayoutId;
  readonly name: string;
  /** Every one of these columns must be in the header (besides those of `columns`). */
  readonly requires: readonly (readonly string[])[];
  readonly columns: PositionColumns;
};

export const normalizeHeader = (cell: string): string => cell.trim().toLowerCase().replace(/\s+/g, ' ');

/** Most specific first: the plain form's two columns also occur in the broker layouts. */
export const BROKER_LAYOUTS: readonly BrokerLayout[] = [
  {
    id: 'schwab',
    name: 'Charles Schwab',
    requires: [['security type']],
    columns: {
      symbol: ['symbol'],
      shares: ['quantity', 'qty (quantity)', 'qty'],
      costTotal: ['cost basis'],
      type: ['security type'],
      description: ['description'],
    },
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
    },
  },
  {
    id: 'vanguard',
    name: 'Vanguard',
    requires: [['investment name'], ['share price']],
    columns: { symbol: ['symbol'], shares: ['shares'], description: ['investment name'] },
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
    },
  },
  {
    id: 'etrade',
    name: 'E*TRADE',
    requires: [['last price $'], ['price paid $']],
    columns: { symbol: ['symbol'], shares: ['quantity'], costPerShare: ['price paid $'] },
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
    },
  },
];

/** Column index of each field in `header`, or null when the header is not this layout's. */
export type ColumnIndex = { readonly [K in keyof PositionColumns]-?: number | null };

export const matchLayout = (layout: BrokerLayout, header: readonly string[]): ColumnIndex | null => {
  const names = header.map(normalizeHeader);
  const find = (aliases: readonly string[] | undefined) => {
    if (!aliases) return null;
    const index = names.findIndex((name) => aliases.includes(name));
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
  };
  if (index.symbol === null || index.shares === null) return null;
  return index;
};
