/** Spec 1 §9: an invoice amount is cents / 100 with two decimals and a $ prefix (USD only). */
export const formatAmount = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/** Spec 1 §4: the status badge label is capitalised. */
export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Spec 1 §4: paid is green, anything else yellow. */
export const statusTone = (status: string): 'green' | 'yellow' => (status === 'paid' ? 'green' : 'yellow');

export const formatDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
};
