import { describe, expect, it } from 'vitest';
import { trackingLabels } from './tracking-labels';

describe('tracking labels in the tax report', () => {
  it('names the ETF, adds the creation date when two trackings share it, and says deleted', () => {
    const labels = trackingLabels([
      { trackingId: 'a', symbol: 'SPY', deleted: false, createdAt: '2026-03-03T10:00:00.000Z' },
      { trackingId: 'b', symbol: 'SPY', deleted: true, createdAt: '2026-05-01T10:00:00.000Z' },
      { trackingId: 'c', symbol: 'QQQ', deleted: true, createdAt: '2026-05-01T10:00:00.000Z' },
      { trackingId: 'd', symbol: 'VTI', deleted: false, createdAt: '2026-05-01T10:00:00.000Z' },
    ]);
    expect([...labels.values()]).toEqual([
      'SPY (created Mar 3, 2026)',
      'SPY (created May 1, 2026, deleted)',
      'QQQ (deleted)',
      'VTI',
    ]);
  });
});
