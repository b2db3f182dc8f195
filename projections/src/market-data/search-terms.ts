/** Words that appear in thousands of listing names and would only flood prefix matches ("co" → every "common"). */
const NOISE = new Set([
  'and',
  'class',
  'common',
  'depositary',
  'each',
  'inc',
  'of',
  'one',
  'ordinary',
  'representing',
  'share',
  'shares',
  'stock',
  'the',
]);

/** Lower-case words of a name for prefix search: "Apple Inc. - Common Stock" → ["apple"]. */
export const searchTerms = (name: string): string[] => [
  ...new Set(
    name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 2 && !NOISE.has(word)),
  ),
];

/** Escapes LIKE wildcards so user input only ever matches literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);
