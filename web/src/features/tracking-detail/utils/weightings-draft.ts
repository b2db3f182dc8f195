/**
 * The number-of-weightings field (issue 32: it was a select of up to 503 options): what the user typed, checked
 * against 1…cap (the plan's cap), and the steps of its +/− buttons and keys.
 */
export type WeightingsDraft = { ok: true; value: number } | { ok: false; message: string };

export const weightingsRangeMessage = (cap: number): string =>
  cap === 1
    ? 'Your plan allows 1 weighting.'
    : `Enter a whole number from 1 to ${cap}: your plan allows up to ${cap}.`;

/** Digits only (no sign, point or separator): anything else is refused with the range message. */
export const readWeightings = (text: string, cap: number): WeightingsDraft => {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return { ok: false, message: weightingsRangeMessage(cap) };
  const value = Number(trimmed);
  return value >= 1 && value <= cap
    ? { ok: true, value }
    : { ok: false, message: weightingsRangeMessage(cap) };
};

/** One step (or ten) from what is typed, kept inside 1…cap; unreadable text steps from `fallback`. */
export const stepWeightings = (text: string, by: number, cap: number, fallback: number): number => {
  const typed = /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : fallback;
  return Math.min(cap, Math.max(1, typed + by));
};
