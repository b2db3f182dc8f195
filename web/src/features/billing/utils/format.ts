import { formatCents } from '@/lib/format';

/** Spec 1 §9: an invoice amount is cents / 100 with two decimals and a $ prefix (USD only). */
export const formatAmount = formatCents;

export { formatDate } from '@/lib/format';

/** Spec 1 §4: the status badge label is capitalised. */
export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Spec 1 §4: paid is green, anything else yellow. */
export const statusTone = (status: string): 'green' | 'yellow' => (status === 'paid' ? 'green' : 'yellow');
