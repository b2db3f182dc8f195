import { normaliseNumberText, parseAmount } from '@etf-replicator/core/shared/money';
import { plainNumberText } from '@/lib/amount-text';

export type WizardAmount = { ok: true; amount: string } | { ok: false };

/** The amount field's text as the decimal string to send, when it is a valid positive amount (spec 2 §5). */
export const readWizardAmount = (text: string): WizardAmount => {
  try {
    return { ok: true, amount: parseAmount(normaliseNumberText(plainNumberText(text))).toFixed() };
  } catch {
    return { ok: false };
  }
};
