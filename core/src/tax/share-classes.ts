/**
 * Share classes of one company (GOOG/GOOGL, BRK.A/BRK.B, FOX/FOXA, NWS/NWSA, …): never a replacement for each
 * other, and a buy of one counts as a buy of the other for the wash-sale check (conservative: the IRS has not said
 * whether two classes are "substantially identical"). Known from the company name in the snapshot — issuer files
 * write "ALPHABET INC CLASS A" / "ALPHABET INC CLASS C" — and, for names that differ or are missing, from the small
 * list below.
 */
export const SHARE_CLASS_GROUPS: readonly (readonly string[])[] = [
  ['GOOG', 'GOOGL'],
  ['BRK.A', 'BRK.B', 'BRKB', 'BRK-B', 'BRK/B'],
  ['FOX', 'FOXA'],
  ['NWS', 'NWSA'],
  ['UA', 'UAA'],
  ['LEN', 'LEN.B'],
  ['HEI', 'HEI.A'],
  ['BF.A', 'BF.B', 'BF-B'],
  ['LBRDA', 'LBRDK'],
  ['FWONA', 'FWONK'],
  ['LSXMA', 'LSXMK'],
  ['ZG', 'Z'],
  ['MOG.A', 'MOG.B'],
  ['GEF', 'GEF.B'],
];

const groupOf = new Map(SHARE_CLASS_GROUPS.flatMap((group, index) => group.map((symbol) => [symbol, index])));

const CLASS_WORDS =
  /\b(CLASS|CL|SERIES|SER)\s+[A-Z]\b|\b(INC|INCORPORATED|CORP|CORPORATION|CO|COMPANY|LTD|PLC|HOLDINGS?|GROUP|THE|SA|NV|AG)\b/g;

/** The company a name belongs to: upper case, without share-class words, legal forms and punctuation. */
export const issuerKey = (name: string): string =>
  name
    .toUpperCase()
    .replace(/[.,'’&()-]/g, ' ')
    .replace(CLASS_WORDS, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** True when two different symbols are share classes of one company (by the list, or by the names given). */
export const sameIssuer = (
  a: { readonly symbol: string; readonly name?: string | null },
  b: { readonly symbol: string; readonly name?: string | null },
): boolean => {
  if (a.symbol === b.symbol) return true;
  const [groupA, groupB] = [groupOf.get(a.symbol), groupOf.get(b.symbol)];
  if (groupA !== undefined && groupA === groupB) return true;
  if (!a.name || !b.name) return false;
  const [keyA, keyB] = [issuerKey(a.name), issuerKey(b.name)];
  return keyA !== '' && keyA === keyB;
};
