import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  formatPoints,
  formatShares,
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
});
