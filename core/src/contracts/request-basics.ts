import { z } from 'zod';

/** Requests accept money and shares as a JSON number or a decimal string; the API checks them with the spec's rules. */
export const numberOrDecimalString = z.union([z.number(), z.string()]);

export const orderTypeContract = z.enum(['BUY', 'SELL']);
