import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPercent } from '@/lib/format';
import { RateBadge, rateBandClasses } from './rate-badge';

describe('Replication rate bands (spec 2 §4)', () => {
  it.each([
    ['0', 'red'],
    ['39.999', 'red'],
    ['40', 'yellow'],
    ['79.99', 'yellow'],
    ['80', 'green'],
    ['100', 'green'],
    ['100.01', 'grey'],
    ['-1', 'grey'],
  ])('shows %s%% in the %s band', (rate, band) => {
    render(<RateBadge rate={rate} />);
    expect(screen.getByText(formatPercent(rate))).toHaveAttribute('data-band', band);
  });

  it('is grey without a rate', () => {
    render(<RateBadge rate={null} />);
    expect(screen.getByText('—')).toHaveAttribute('data-band', 'grey');
  });

  it('colours each band differently', () => {
    expect(new Set(['10', '50', '90', '101'].map(rateBandClasses)).size).toBe(4);
    expect(rateBandClasses('10')).toContain('red');
  });

  it('shows rates rounded half-up to 2 decimals', () => {
    // 87.356789: third decimal 6 → 87.36; 87.354 → 87.35.
    expect(formatPercent('87.356789')).toBe('87.36%');
    expect(formatPercent('87.354')).toBe('87.35%');
    expect(formatPercent('100')).toBe('100.00%');
    expect(formatPercent('0.5')).toBe('0.50%');
    expect(formatPercent(undefined)).toBe('—');
  });
});
