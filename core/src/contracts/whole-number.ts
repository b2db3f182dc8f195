import { z } from 'zod';

const WHOLE_NUMBER = /^-?\d{1,15}$/;

/**
 * A whole number from a query string or a path: optional minus and decimal digits only. `z.coerce.number()` would
 * also take "0x10", "1e1", " 5" and "" (as 0); those are refused with `message`.
 */
export const wholeNumber = (message = 'must be a whole number') =>
  z.union([z.number(), z.string()]).transform((value, context) => {
    const text = String(value);
    if (!WHOLE_NUMBER.test(text)) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Number(text);
  });
