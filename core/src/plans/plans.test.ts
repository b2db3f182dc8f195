import { describe, expect, it } from 'vitest';
import {
  canCreateTracking,
  holdingsView,
  isTopPlan,
  numberOfWeightingsCap,
  planSchema,
  trackingLimit,
  visibleHoldingsCount,
} from './plans';

// Ten holdings: 20, 15, 10, 8, 7, 6, 5, 5, 4, 3 (percent). Cumulative: 20 35 45 53 60 66 71 76 80 83.
const weights = ['20', '15', '10', '8', '7', '6', '5', '5', '4', '3'];

describe('Plans', () => {
  it('reads the plan claim with zod and rejects unknown plans', () => {
    expect(planSchema.parse('GOLD')).toBe('GOLD');
    expect(planSchema.safeParse('PLATINUM').success).toBe(false);
  });

  it('treats PRO and GOLD as top plans and nothing else', () => {
    expect([null, undefined, 'STARTER', 'GROWTH', 'PRO', 'GOLD'].map((p) => isTopPlan(p as never))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  describe('Tracking limits', () => {
    it('allows 1, 3, 5 and 10 trackings for Free, Starter, Growth and the top plans', () => {
      expect([null, 'STARTER', 'GROWTH', 'PRO', 'GOLD'].map((p) => trackingLimit(p as never))).toEqual([
        1, 3, 5, 10, 10,
      ]);
    });
    it('refuses a new tracking once the limit is reached', () => {
      expect(canCreateTracking(null, 0)).toBe(true);
      expect(canCreateTracking(null, 1)).toBe(false);
      expect(canCreateTracking('GROWTH', 4)).toBe(true);
      expect(canCreateTracking('GROWTH', 5)).toBe(false);
    });
  });

  describe('numberOfWeightings cap', () => {
    it('is 5 on Free', () => expect(numberOfWeightingsCap(null, weights)).toBe(5));
    it('is the largest N with coverage within 70 % on Growth', () =>
      expect(numberOfWeightingsCap('GROWTH', weights)).toBe(6));
    it('never drops below Free on Starter (coverage within 40 % is only 2 holdings here)', () =>
      expect(numberOfWeightingsCap('STARTER', weights)).toBe(5));
    it('uses coverage on Starter when it allows more than 5', () => {
      const flat = Array.from({ length: 20 }, () => '5');
      expect(numberOfWeightingsCap('STARTER', flat)).toBe(8);
    });
    it('is every holding on the top plans', () => {
      expect(numberOfWeightingsCap('PRO', weights)).toBe(10);
      expect(numberOfWeightingsCap('GOLD', weights)).toBe(10);
    });
    it('never exceeds the holdings count', () => expect(numberOfWeightingsCap(null, ['60', '40'])).toBe(2));
  });

  describe('Visible holdings', () => {
    it('shows 5 to Free users with blurred placeholders for the hidden ones', () => {
      expect(visibleHoldingsCount(null, 500)).toBe(5);
      expect(holdingsView(null, 500)).toEqual({
        visible: 5,
        initiallyShown: 5,
        showMore: false,
        upgradeBanner: false,
        placeholders: 5,
      });
    });
    it('shows the top 5 with Show more up to the cap and the upgrade banner on mid plans', () => {
      expect(holdingsView('GROWTH', 500, 42)).toEqual({
        visible: 42,
        initiallyShown: 5,
        showMore: true,
        upgradeBanner: true,
        placeholders: 0,
      });
    });
    it('shows everything without a banner on the top plans', () => {
      expect(holdingsView('GOLD', 500)).toMatchObject({
        visible: 500,
        showMore: false,
        upgradeBanner: false,
      });
    });
  });
});
