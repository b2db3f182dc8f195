import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInUser } from '../../accounts/testing/account-test-helpers';
import { type StripeEmulator, startStripeEmulator } from '../../billing/testing/stripe-emulator';
import { deliver, event, subscription } from '../../billing/testing/stripe-events';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

describe.each(await testStores())('Billing with Stripe (the SDK against a local stand-in) on %s', (store) => {
  let emulator: StripeEmulator;
  let app: TestApp;
  beforeAll(async () => {
    emulator = await startStripeEmulator();
    app = await createTestApp({ store, env: { ...emulator.env, PUBLIC_APP_URL: 'https://app.example.com' } });
  });
  afterAll(async () => {
    await app?.dispose();
    await emulator?.close();
  });

  const form = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  const customerOf = async (user: { accessToken: string }) => {
    const answer = await app.inject({
      method: 'GET',
      url: '/api/billing/existing-customer-client-secret',
      headers: bearer(user.accessToken),
    });
    return String(answer.json().clientSecret).replace('cuss_secret_for_', '');
  };

  it('tells the pricing page to embed Stripe’s pricing table', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/billing/config' })).json()).toEqual({
      mode: 'stripe',
      publishableKey: 'pk_test_emulated',
      pricingTableId: 'prctbl_emulated',
    });
    const user = await signedInUser(app);
    const local = await app.inject({
      method: 'POST',
      url: '/api/billing/local/checkout',
      headers: bearer(user.accessToken),
      payload: { plan: 'PRO' },
    });
    expect(local.statusCode).toBe(404);
  });

  it('sends Manage Billing and Upgrade Now to Stripe’s customer portal', async () => {
    const user = await signedInUser(app);
    const customerId = await customerOf(user);
    const fields = { userId: user.userId, accessToken: user.accessToken };

    let answer = await form('/api/billing/create-customer-portal-session', fields);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toMatch(new RegExp(`^${emulator.url}/portal/bps_emu_\\d+$`));
    expect(emulator.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      form: { customer: customerId, return_url: 'https://app.example.com/pricing?portal=return' },
    });

    // No live subscription yet: Upgrade Now goes to the pricing page to choose a plan.
    answer = await form('/api/billing/update-subscription-redirect', fields);
    expect(answer.headers.location).toBe('/pricing');

    const sub = subscription(customerId, { plan: 'STARTER' });
    expect(
      (await deliver(app, event('customer.subscription.created', sub), emulator.webhookSecret)).statusCode,
    ).toBe(200);
    answer = await form('/api/billing/update-subscription-redirect', fields);
    expect(answer.statusCode).toBe(303);
    expect(emulator.requests.at(-1)?.form).toMatchObject({
      customer: customerId,
      'flow_data[type]': 'subscription_update',
      'flow_data[subscription_update][subscription]': sub.id,
    });
  });

  it('answers a provider outage with 502 (or the error on the pricing page), never 500', async () => {
    const user = await signedInUser(app);
    await customerOf(user);
    emulator.failing = true;
    try {
      const json = await app.inject({
        method: 'POST',
        url: '/api/billing/create-customer-portal-session',
        headers: bearer(user.accessToken),
        payload: { userId: user.userId },
      });
      expect([json.statusCode, json.json().message]).toEqual([
        502,
        'The payment provider could not be reached. Please try again later.',
      ]);
      const browser = await form('/api/billing/create-customer-portal-session', {
        userId: user.userId,
        accessToken: user.accessToken,
      });
      expect(browser.headers.location).toMatch(/^\/pricing\?billingError=The%20payment%20provider/);
      const other = await signedInUser(app);
      const secret = await app.inject({
        method: 'GET',
        url: '/api/billing/existing-customer-client-secret',
        headers: bearer(other.accessToken),
      });
      expect(secret.statusCode).toBe(502);
    } finally {
      emulator.failing = false;
    }
  });
});
