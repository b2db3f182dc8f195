import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { BillingConfigError, parsePricePlans, resolveBillingSettings } from './billing-settings';

const settingsFor = (env: Record<string, string>) =>
  resolveBillingSettings(loadConfig({ NODE_ENV: 'test', ...env }));

describe('Billing settings', () => {
  it('maps Stripe price ids to plans', () => {
    expect([...parsePricePlans(' price_1:STARTER, price_2:GROWTH,price_3:PRO ')]).toEqual([
      ['price_1', 'STARTER'],
      ['price_2', 'GROWTH'],
      ['price_3', 'PRO'],
    ]);
    expect(parsePricePlans(undefined).size).toBe(0);
    for (const bad of ['price_1', 'price_1:PLATINUM', ':PRO', 'price_1:PRO:x']) {
      expect(() => parsePricePlans(bad), bad).toThrow(BillingConfigError);
    }
  });

  it('runs the local test mode without Stripe settings, with a secret of its own each time', () => {
    const first = settingsFor({});
    const second = settingsFor({});
    expect(first).toMatchObject({ mode: 'local', checkoutAllowed: true });
    expect(first.webhookSecret).toMatch(/^whsec_local_[0-9a-f]{48}$/);
    expect(first.webhookSecret).not.toBe(second.webhookSecret);
    expect(first.pricePlans.get('price_local_growth')).toBe('GROWTH');
    expect(settingsFor({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toMatchObject({
      checkoutAllowed: false,
    });
  });

  it('uses Stripe when a secret key is set, and then requires the webhook secret', () => {
    expect(() => settingsFor({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(
      settingsFor({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_PRICE_PLANS: 'price_9:PRO',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }),
    ).toMatchObject({
      mode: 'stripe',
      webhookSecret: 'whsec_1',
      publishableKey: null,
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
  });
});
