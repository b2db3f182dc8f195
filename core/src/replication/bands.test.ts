import { describe, expect, it } from 'vitest';
import {
  ALLOCATION_MESSAGES,
  allocationMessage,
  LEFTOVER_LABELS,
  leftoverLevel,
  replicationQuality,
  replicationQualityText,
  replicationRateBadge,
  TARGET_STATE_TEXTS,
  targetState,
} from './bands';

describe('Replication rate bands (spec 2 §4, §9)', () => {
  it.each([
    [0, 'red'],
    ['39.99', 'red'],
    [40, 'yellow'],
    ['79.999', 'yellow'],
    [80, 'green'],
    ['100', 'green'],
    ['100.01', 'grey'],
    [-1, 'grey'],
    [null, 'grey'],
    [Number.NaN, 'grey'],
  ] as const)('shows %s as a %s badge', (rate, badge) => {
    expect(replicationRateBadge(rate)).toBe(badge);
  });

  it.each([
    ['79.99', 'poor', 'Significant deviation...'],
    [80, 'fair', 'Moderate match'],
    ['89.99', 'fair', 'Moderate match'],
    [90, 'good', 'Good match'],
    ['94.99', 'good', 'Good match'],
    [95, 'excellent', 'Very close match'],
    ['97.99', 'excellent', 'Very close match'],
    [98, 'excellent', 'Almost perfect match'],
  ] as const)('rates %s as %s with the text "%s"', (rate, quality, text) => {
    expect(replicationQuality(rate)).toBe(quality);
    expect(replicationQualityText(rate)).toBe(text);
  });
});

describe('Leftover bands', () => {
  it.each([
    ['50.01', 'low', 'High Remainder'],
    ['50', 'medium', 'Moderate Remainder'],
    ['20.01', 'medium', 'Moderate Remainder'],
    ['20', 'high', 'Minimal Remainder'],
    ['0', 'high', 'Minimal Remainder'],
  ] as const)('calls a leftover of %s on $1,000 %s (%s)', (leftover, level, label) => {
    expect(leftoverLevel(leftover, '1000')).toBe(level);
    expect(LEFTOVER_LABELS[level]).toBe(label);
  });

  it.each([
    ['10', ALLOCATION_MESSAGES.upTo1],
    ['10.01', ALLOCATION_MESSAGES.upTo2],
    ['20.01', ALLOCATION_MESSAGES.upTo5],
    ['50.01', ALLOCATION_MESSAGES.over5],
  ] as const)(
    'words the allocation message for a leftover of %s on $1,000 by the 1/2/5 % bands',
    (leftover, text) => {
      expect(allocationMessage(leftover, '1000')).toBe(text);
    },
  );

  it('suggests enabling fractional shares only while they are off (issue 32)', () => {
    expect(allocationMessage('50.01', '1000', { fractional: false })).toMatch(/Enabling fractional shares/);
    expect(allocationMessage('50.01', '1000', { fractional: true })).toBe(
      ALLOCATION_MESSAGES.over5Fractional,
    );
    expect(ALLOCATION_MESSAGES.over5Fractional).not.toMatch(/fractional/i);
    expect(allocationMessage('10', '1000', { fractional: true })).toBe(ALLOCATION_MESSAGES.upTo1);
  });
});

describe('targetState (issue 15, 32)', () => {
  it('names a zero target, money owed to the target, and an ordinary remainder apart', () => {
    expect(targetState('-997.92', '0')).toBe('zero');
    expect(targetState('0', '0.00')).toBe('zero');
    expect(targetState('-997.92', '4000')).toBe('owed');
    expect(targetState('0', '4000')).toBe('invested');
    expect(targetState('12.5', '4000')).toBe('invested');
    expect(TARGET_STATE_TEXTS.owed('$997.92')).toBe(
      "Owed to the target: $997.92, spent beyond the tracking's cash. The SELL orders below bring it back.",
    );
  });
});
