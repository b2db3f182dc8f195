import { type DecimalInput, dec } from '../shared/decimal';

/**
 * Spec 2 §4 and §9: how a replication rate and a leftover are shown. Rates are percents (0–100). Texts the spec
 * gives are used verbatim; the others are ours and exported so that web and api show the same words.
 */
export type RateBadge = 'red' | 'yellow' | 'green' | 'grey';
export type RateQuality = 'poor' | 'fair' | 'good' | 'excellent';
export type LeftoverLevel = 'low' | 'medium' | 'high';

const toRate = (rate: DecimalInput | number | null | undefined): number | null => {
  if (rate === null || rate === undefined) return null;
  const value = typeof rate === 'number' ? rate : dec(rate).toNumber();
  return Number.isFinite(value) ? value : null;
};

/** 0 to under 40 red, 40 to under 80 yellow, 80 to 100 green, anything else (or no rate) grey. */
export const replicationRateBadge = (rate: DecimalInput | number | null | undefined): RateBadge => {
  const value = toRate(rate);
  if (value === null || value < 0 || value > 100) return 'grey';
  if (value < 40) return 'red';
  if (value < 80) return 'yellow';
  return 'green';
};

/** Under 80 poor, 80 to under 90 fair, 90 to under 95 good, 95 and above excellent. */
export const replicationQuality = (rate: DecimalInput | number): RateQuality => {
  const value = toRate(rate) ?? 0;
  if (value < 80) return 'poor';
  if (value < 90) return 'fair';
  if (value < 95) return 'good';
  return 'excellent';
};

export const REPLICATION_QUALITY_TEXTS = {
  significantDeviation: 'Significant deviation...',
  moderate: 'Moderate match',
  good: 'Good match',
  veryClose: 'Very close match',
  almostPerfect: 'Almost perfect match',
} as const;

export const replicationQualityText = (rate: DecimalInput | number): string => {
  const value = toRate(rate) ?? 0;
  if (value < 80) return REPLICATION_QUALITY_TEXTS.significantDeviation;
  if (value < 90) return REPLICATION_QUALITY_TEXTS.moderate;
  if (value < 95) return REPLICATION_QUALITY_TEXTS.good;
  if (value < 98) return REPLICATION_QUALITY_TEXTS.veryClose;
  return REPLICATION_QUALITY_TEXTS.almostPerfect;
};

/** Leftover as percent of the target amount (0 when there is no target). */
export const leftoverPercent = (leftover: DecimalInput, targetAmount: DecimalInput): number => {
  const target = dec(targetAmount);
  return target.lte(0) ? 0 : dec(leftover).div(target).mul(100).toNumber();
};

export const LEFTOVER_LABELS: Readonly<Record<LeftoverLevel, string>> = {
  low: 'High Remainder',
  medium: 'Moderate Remainder',
  high: 'Minimal Remainder',
};

/** Investment efficiency by leftover: over 5 % low ("High Remainder"), over 2 % medium, otherwise high. */
export const leftoverLevel = (leftover: DecimalInput, targetAmount: DecimalInput): LeftoverLevel => {
  const percent = leftoverPercent(leftover, targetAmount);
  if (percent > 5) return 'low';
  if (percent > 2) return 'medium';
  return 'high';
};

export const ALLOCATION_MESSAGES = {
  upTo1: 'Almost fully invested: at most 1% of the target amount is left as cash.',
  upTo2: 'Well invested: up to 2% of the target amount is left as cash.',
  upTo5: 'Some cash is left: up to 5% of the target amount is not invested.',
  over5:
    'More than 5% of the target amount is not invested. Enabling fractional shares or raising the amount lets more of it follow the ETF.',
  /** Issue 32: with fractional shares already on, enabling them is no advice. */
  over5Fractional:
    'More than 5% of the target amount is not invested. Raising the amount lets more of it follow the ETF.',
} as const;

/**
 * The dashboard's allocation message, banded at 1, 2 and 5 percent of the target left over. The hint to enable
 * fractional shares is given only while they are off.
 */
export const allocationMessage = (
  leftover: DecimalInput,
  targetAmount: DecimalInput,
  { fractional = false }: { fractional?: boolean } = {},
): string => {
  const percent = leftoverPercent(leftover, targetAmount);
  if (percent <= 1) return ALLOCATION_MESSAGES.upTo1;
  if (percent <= 2) return ALLOCATION_MESSAGES.upTo2;
  if (percent <= 5) return ALLOCATION_MESSAGES.upTo5;
  return fractional ? ALLOCATION_MESSAGES.over5Fractional : ALLOCATION_MESSAGES.over5;
};

/**
 * Issue 15 and 32: cash below zero is money owed to the target — spent beyond the tracking's cash by an explicit
 * command (an order recorded beyond it, a lowered target, a revert) — never a remainder or a leftover; a target of
 * zero is its own state. Amounts arrive formatted ("$997.92").
 */
export const TARGET_STATE_TEXTS = {
  owedLabel: 'Owed to the target',
  owed: (amount: string) =>
    `Owed to the target: ${amount}, spent beyond the tracking's cash. The SELL orders below bring it back.`,
  /** The orders invest only the cash there is; reaching the target takes more (issue 32). */
  reachTarget: (amount: string) => `Add ${amount} to reach the target`,
  reachTargetWhy: (worth: string, target: string) =>
    `At today's prices the tracking is worth ${worth}, less than its ${target} target. The orders invest only the cash it has.`,
  zeroTargetLabel: 'No target',
  zeroTargetHeld:
    'The target is $0: the SELL orders below sell every position. Raise the target to replicate again.',
  zeroTargetEmpty: 'The target is $0: nothing is to be invested. Raise the target to replicate the ETF.',
  zeroTargetRate: 'A $0 target has no replication rate.',
} as const;

export type TargetState = 'zero' | 'owed' | 'invested';

/** Which of the three dashboard states a target and its leftover (cash) are in. */
export const targetState = (leftover: DecimalInput, targetAmount: DecimalInput): TargetState => {
  if (dec(targetAmount).lte(0)) return 'zero';
  return dec(leftover).isNegative() ? 'owed' : 'invested';
};

/**
 * Issue 32: the headline is the share of the whole ETF the holdings copy (the ETF replication rate); the rate
 * against the reachable target (the top N the plan allows) comes second.
 */
export const HEADLINE_TEXTS = {
  holds: (rate: string, symbol: string) => `Holds ${rate} of ${symbol}`,
  holdsLabel: (symbol: string) => `Share of ${symbol} held`,
  reachableLabel: 'Replication rate',
  reachable: (holdings: number) =>
    `Against the reachable target: the ${holdings} ${holdings === 1 ? 'holding' : 'holdings'} you follow, weighted as in the ETF.`,
  reachableShort: (rate: string) => `${rate} of the reachable target`,
} as const;
