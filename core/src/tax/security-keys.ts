import { issuerKey, SHARE_CLASS_GROUPS } from './share-classes';

/**
 * The security a symbol stands for in the wash-sale ledger: every share class of one issuer shares a key
 * (conservative, as share-classes.ts explains). Known from the list of share-class groups first, then from the
 * company name when one is given, else the symbol alone.
 */
const groupKeyOf = new Map(SHARE_CLASS_GROUPS.flatMap((group) => group.map((symbol) => [symbol, group[0]])));

export const securityKey = (symbol: string, name?: string | null): string => {
  const group = groupKeyOf.get(symbol);
  if (group !== undefined) return `class:${group}`;
  const issuer = name ? issuerKey(name) : '';
  return issuer === '' ? symbol : `issuer:${issuer}`;
};

/** A key function that knows the company names (from a snapshot): symbol → name. */
export const securityKeyResolver =
  (names: ReadonlyMap<string, string>) =>
  (symbol: string): string =>
    securityKey(symbol, names.get(symbol));
