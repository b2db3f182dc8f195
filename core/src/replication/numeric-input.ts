import { D, type Decimal, type DecimalInput, dec, sumDecimals } from '../shared/decimal';

/** A decimal input read once as a float (for ordering and search) plus its exact number of decimals. */
export type NumericInput = { readonly value: number; readonly decimals: number };

const PLAIN = /^\d+(?:\.(\d+))?$/;

/** Reads a non-negative decimal cheaply; exotic forms (exponents, Decimal objects) go through decimal.js. Null if invalid. */
export const readNumeric = (input: DecimalInput): NumericInput | null => {
  if (typeof input === 'string') {
    const match = PLAIN.exec(input);
    if (match) return { value: Number(input), decimals: match[1]?.length ?? 0 };
  }
  try {
    const parsed = dec(input);
    if (!parsed.isFinite() || parsed.isNegative()) return null;
    return { value: parsed.toNumber(), decimals: parsed.decimalPlaces() };
  } catch {
    return null;
  }
};

/**
 * Exact Σ of decimal inputs. When every value has few decimals (the bundled data has at most 6) the sum is done
 * on exactly scaled integers, far cheaper than thousands of Decimal additions; otherwise decimal.js adds them up.
 */
export const exactSum = (values: readonly DecimalInput[], numeric: readonly NumericInput[]): Decimal => {
  const decimals = numeric.reduce((most, item) => Math.max(most, item.decimals), 0);
  const scale = 10 ** decimals;
  const limit = 2 ** 50 / Math.max(1, numeric.length);
  let total = 0;
  for (const item of numeric) {
    const scaled = item.value * scale;
    if (decimals > 12 || scaled >= limit) return sumDecimals(values.map((value) => dec(value)));
    total += Math.round(scaled);
  }
  return dec(String(total)).div(new D(10).pow(decimals));
};
