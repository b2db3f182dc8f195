import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDays,
  formatMoney,
  formatMoneyCompact,
  formatPercent,
  formatPoints,
  formatShares,
  formatSignedMoney,
  MISSING,
} from './format';

describe('formatting (one module for every screen)', () => {
  it('formats money truncated to cents with grouping and a sign before the dollar', () => {
    expect(formatMoney('1234567.899')).toBe('$1,234,567.89');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney('-997.925')).toBe('-$997.92');
    expect(formatMoney(448.6263122558594)).toBe('$448.62');
    expect(formatMoney('-0.004')).toBe('$0.00');
    expect(formatMoney(null)).toBe(MISSING);
    expect(formatMoney('abc')).toBe(MISSING);
  });

  it('formats shares truncated to 2 decimals without padding', () => {
    expect(formatShares('2.509')).toBe('2.5');
    expect(formatShares('1000')).toBe('1,000');
    expect(formatShares('0.339')).toBe('0.33');
    expect(formatShares(undefined)).toBe(MISSING);
  });

  it('formats every percentage with exactly 2 decimals, truncated the same way everywhere', () => {
    expect(formatPercent('10.236811')).toBe('10.23%');
    expect(formatPercent('9.507')).toBe('9.50%');
    expect(formatPercent('0.2')).toBe('0.20%');
    expect(formatPercent('81.7986')).toBe('81.79%');
    expect(formatPercent('96.8199')).toBe('96.81%');
    expect(formatPercent(100)).toBe('100.00%');
    expect(formatPercent('')).toBe(MISSING);
  });

  it('shows a calendar date as that day whatever the time zone, and instants with their time', () => {
    expect(formatDate('2025-10-30')).toBe('Oct 30, 2025');
    expect(formatDate('2026-07-14T10:00:00.000Z')).toBe('Jul 14, 2026');
    expect(formatDate(null)).toBe(MISSING);
    expect(formatDate('not a date')).toBe(MISSING);
    expect(formatDateTime('2026-07-14T10:05:00.000Z')).toMatch(/^Jul 14, 2026, \d{2}:\d{2}$/);
  });

  it('formats drift alert thresholds in points, singular for one', () => {
    expect(formatPoints('2')).toBe('2 points');
    expect(formatPoints('1')).toBe('1 point');
    expect(formatPoints('1.5')).toBe('1.5 points');
    expect(formatPoints('0.999')).toBe('0.99 points');
    expect(formatPoints(undefined)).toBe(MISSING);
  });

  it('counts days, singular for one, grouped above a thousand', () => {
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(0)).toBe('0 days');
    expect(formatDays(30)).toBe('30 days');
    expect(formatDays(1200)).toBe('1,200 days');
    expect(formatDays(1.5)).toBe(MISSING);
  });

  it('signs gains and losses so that they read without colour', () => {
    expect(formatSignedMoney('12.345')).toBe('+$12.34');
    expect(formatSignedMoney('-5')).toBe('-$5.00');
    expect(formatSignedMoney('0.001')).toBe('$0.00');
    expect(formatSignedMoney(null)).toBe(MISSING);
  });

  it('puts the sign of a compact axis amount before the dollar', () => {
    expect(formatMoneyCompact(12_300)).toBe('$12.3K');
    expect(formatMoneyCompact(-900)).toBe('-$900');
    expect(formatMoneyCompact(Number.NaN)).toBe(MISSING);
  });
});
