import { z } from 'zod';
import { decimal, occurredAt, signedDecimal } from './primitives';

/**
 * Money added to reach a fixed target (issue 32): the cash grows by `amount`, the target amount stays. After prices
 * fell, a fixed target is worth less than it should; raising the target would move the goal by the same amount and
 * never reach it. `cash` is the cash after the addition.
 */
export const cashAddedSchema = z.object({ amount: decimal, cash: signedDecimal, occurredAt });
