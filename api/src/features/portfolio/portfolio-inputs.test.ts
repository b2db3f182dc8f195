import type { PortfolioTrackingView } from '@etf-replicator/projections/trackings/portfolio-queries';
import { describe, expect, it } from 'vitest';
import { portfolioLabels } from './portfolio-inputs';

const view = (trackingId: string, symbol: string, index?: unknown): PortfolioTrackingView =>
  ({
    trackingId,
    symbol,
    createdAt: '2026-11-26T10:00:00.000Z',
    revision: 1,
    detail: index ? { index } : {},
  }) as PortfolioTrackingView;

describe('portfolioLabels', () => {
  it('names a blend by its index, not by its first ETF, and dates two trackings of one ETF', () => {
    const blend = {
      type: 'blend',
      parts: [
        { symbol: 'VTI', weight: '70' },
        { symbol: 'QQQ', weight: '30' },
      ],
    };
    const labels = portfolioLabels([
      view('a', 'VTI', blend),
      view('b', 'VTI'),
      view('c', 'VOO'),
      view('d', 'VOO'),
    ]);
    expect(labels.get('a')).toBe('70 % VTI + 30 % QQQ');
    expect(labels.get('b')).toBe('VTI');
    expect(labels.get('c')).toBe('VOO (Nov 26, 2026)');
  });
});
