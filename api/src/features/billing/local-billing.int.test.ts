import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, claimsOf, signedInUser } from '../../accounts/testing/account-test-helpers';
import { signAdminToken } from '../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

describe.each(await testStores())('Local billing mode on %s', (store) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ store });
  });
  afterAll(() => app?.dispose());

  const post = (url: string, token: string, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
  const userEvents = async (userId: string) =>
    (await app.testEventStore.readStream(`user-${userId}`)).map((recorded) => recorded.type);

  it('says the pricing page runs in local mode and refuses Stripe-only calls', async () => {
    const user = await signedInUser(app);
    expect((await app.inject({ method: 'GET', url: '/api/billing/config' })).json()).toEqual({
      mode: 'local',
      publishableKey: null,
      pricingTableId: null,
    });
    const secret = await get('/api/billing/existing-customer-client-secret', user.accessToken);
    expect([secret.statusCode, secret.json().message]).toEqual([
      404,
      'Stripe is not configured: billing runs in local test mode.',
    ]);
  });

  it('goes from Free to Growth to Pro to cancelled through signed events on our own webhook', async () => {
    const user = await signedInUser(app);
    expect((await get(`/api/billing/${user.userId}`, user.accessToken)).json()).toEqual({
      customerId: null,
      subscriptionId: null,
      subscriptionPlan: null,
      email: user.email,
      subscriptionStatus: null,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
    });

    const checkout = await post('/api/billing/local/checkout', user.accessToken, { plan: 'GROWTH' });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json()).toEqual({ plan: 'GROWTH', subscriptionId: expect.stringMatching(/^sub_local_/) });
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: user.refresh },
    });
    expect(claimsOf(refreshed.json().access_token).plan).toBe('GROWTH');
    expect((await get(`/api/billing/${user.userId}`, user.accessToken)).json()).toMatchObject({
      customerId: expect.stringMatching(/^cus_local_/),
      subscriptionId: checkout.json().subscriptionId,
      subscriptionPlan: 'GROWTH',
      subscriptionStatus: 'active',
    });
    const again = await post('/api/billing/local/checkout', user.accessToken, { plan: 'PRO' });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'You already have an active subscription. Manage it from the billing page.',
    ]);

    expect(
      (await post('/api/billing/local/change-plan', user.accessToken, { plan: 'PRO' })).json(),
    ).toMatchObject({
      plan: 'PRO',
    });
    const cancelled = await post('/api/billing/local/cancel', user.accessToken);
    expect(cancelled.json()).toEqual({ plan: null, subscriptionId: null });
    expect((await post('/api/billing/local/cancel', user.accessToken)).statusCode).toBe(409);

    expect(await userEvents(user.userId)).toEqual(
      expect.arrayContaining([
        'BillingCustomerLinked',
        'SubscriptionStarted',
        'SubscriptionChanged',
        'SubscriptionEnded',
        'InvoiceRecorded',
      ]),
    );
    const plans = (await app.testEventStore.readStream(`user-${user.userId}`))
      .filter((recorded) => recorded.type === 'UserPlanChanged')
      .map((recorded) => (recorded.data as { plan: string | null }).plan);
    expect(plans).toEqual(['GROWTH', 'PRO', null]);

    const invoices = (await get('/api/billing/invoices', user.accessToken)).json();
    expect(invoices.map((entry: { amount: number; status: string }) => [entry.amount, entry.status])).toEqual(
      [
        [5900, 'paid'],
        [3900, 'paid'],
      ],
    );
    const receipt = await app.inject({ method: 'GET', url: invoices[0].invoicePdf });
    expect(receipt.statusCode).toBe(200);
    // The page opens only through its owner's signed link, not by its id.
    const bare = invoices[0].invoicePdf.split('?')[0];
    expect((await app.inject({ method: 'GET', url: bare })).statusCode).toBe(403);
    const otherInvoice = invoices[0].invoicePdf.replace(invoices[0].invoiceId, invoices[1].invoiceId);
    expect((await app.inject({ method: 'GET', url: otherInvoice })).statusCode).toBe(403);
    expect(receipt.body).toContain('Local test mode: no real payment was taken.');
    expect(receipt.body).toContain('$59.00');
  });

  it('ends paid access when a renewal payment fails for good', async () => {
    const user = await signedInUser(app);
    await post('/api/billing/local/checkout', user.accessToken, { plan: 'STARTER' });
    const failed = await post('/api/billing/local/payment-failure', user.accessToken);
    expect(failed.json()).toEqual({ plan: null, subscriptionId: null });
    const statuses = (await get('/api/billing/invoices', user.accessToken))
      .json()
      .map((entry: { status: string }) => entry.status)
      .sort();
    expect(statuses).toEqual(['open', 'paid']);
    // Free again, the user may subscribe anew.
    expect(
      (await post('/api/billing/local/checkout', user.accessToken, { plan: 'GROWTH' })).json().plan,
    ).toBe('GROWTH');
  });

  it('answers the portal forms with the local portal, and only for one’s own billing', async () => {
    const user = await signedInUser(app);
    const form = (url: string, fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    let answer = await form('/api/billing/create-customer-portal-session', {
      userId: user.userId,
      accessToken: user.accessToken,
    });
    expect([answer.statusCode, answer.headers.location]).toEqual([
      303,
      `/pricing?billingError=${encodeURIComponent('You have no billing account yet. Choose a plan first.')}`,
    ]);
    // 'Upgrade Now' without a billing account (a demo or admin-set plan): the pricing page, not an error.
    answer = await form('/api/billing/update-subscription-redirect', {
      userId: user.userId,
      accessToken: user.accessToken,
    });
    expect([answer.statusCode, answer.headers.location]).toEqual([303, '/pricing']);
    await post('/api/billing/local/checkout', user.accessToken, { plan: 'GROWTH' });
    answer = await form('/api/billing/create-customer-portal-session', {
      userId: user.userId,
      accessToken: user.accessToken,
    });
    expect([answer.statusCode, answer.headers.location]).toEqual([303, '/pricing?portal=local']);
    answer = await form('/api/billing/update-subscription-redirect', {
      userId: user.userId,
      accessToken: user.accessToken,
    });
    expect(answer.headers.location).toBe('/pricing?portal=local&flow=update');
    // The spec's form carries only userId: the signed-in page finishes the job.
    answer = await form('/api/billing/update-subscription-redirect', { userId: user.userId });
    expect([answer.statusCode, answer.headers.location]).toEqual([303, '/pricing?manage=update']);
    answer = await form('/api/billing/create-customer-portal-session', {
      userId: 'someone-else',
      accessToken: user.accessToken,
    });
    expect(answer.headers.location).toBe(
      `/pricing?billingError=${encodeURIComponent('Billing record not found')}`,
    );
    answer = await post('/api/billing/create-customer-portal-session', user.accessToken, {
      userId: user.userId,
    });
    expect([answer.statusCode, answer.json()]).toEqual([200, { url: '/pricing?portal=local' }]);
    answer = await app.inject({
      method: 'POST',
      url: '/api/billing/create-customer-portal-session',
      payload: { userId: user.userId },
    });
    expect(answer.statusCode).toBe(401);
  });

  it('shows a billing record to its owner and to admins only', async () => {
    const owner = await signedInUser(app);
    const other = await signedInUser(app);
    const admin = signAdminToken(app, 'admin-x', 'root@example.com');
    const url = `/api/billing/${owner.userId}`;
    expect((await get(url, owner.accessToken)).statusCode).toBe(200);
    const denied = await get(url, other.accessToken);
    expect([denied.statusCode, denied.json().message]).toEqual([404, 'Billing record not found']);
    expect((await get(url, admin)).json()).toMatchObject({ email: owner.email });
    expect((await get('/api/billing/nobody', admin)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/billing/invoices' })).statusCode).toBe(401);
    expect((await get('/api/billing/invoices', other.accessToken)).json()).toEqual([]);
    const bad = await post('/api/billing/local/checkout', owner.accessToken, { plan: 'GOLD' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('Local billing in production', () => {
  it('refuses the free local checkout', async () => {
    const app = await createTestApp({ env: { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) } });
    try {
      const token = app.signAccessToken({
        sub: 'a@example.com',
        userId: 'u-prod',
        roles: [{ authority: 'ROLE_USER' }],
      });
      const answer = await app.inject({
        method: 'POST',
        url: '/api/billing/local/checkout',
        headers: bearer(token),
        payload: { plan: 'PRO' },
      });
      expect([answer.statusCode, answer.json().message]).toEqual([
        404,
        'Local test billing is only available outside production when Stripe is not configured.',
      ]);
    } finally {
      await app.dispose();
    }
  });
});
