import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

const localConfig = json(200, { mode: 'local', publishableKey: null, pricingTableId: null });
const record = (overrides: object = {}) => ({
  customerId: 'cus_local_1',
  subscriptionId: 'sub_local_1',
  subscriptionPlan: 'GROWTH',
  email: 'ada@example.com',
  subscriptionStatus: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  ...overrides,
});
const tokenResponse = (plan?: string) => json(200, { access_token: makeAccessToken(plan ? { plan } : {}) });
const sidebarEntry = (name: string) =>
  within(screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement).findByRole('link', { name });

describe('/pricing', () => {
  it('shows the local four-plan grid, labelled as local test mode, to a user without a plan', async () => {
    setSession({ accessToken: makeAccessToken() });
    mockApi({ 'GET /api/billing/config': localConfig });
    renderApp('/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Local test mode' })).toHaveTextContent(
      'no card is charged',
    );
    for (const name of ['Free', 'Starter', 'Growth', 'Pro']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText('Most popular')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(await sidebarEntry('Pricing')).toHaveAttribute('href', '/pricing');
  });

  it('subscribes through the local checkout, refreshes the plan claim and shows the Billing Dashboard', async () => {
    setSession({ accessToken: makeAccessToken() });
    const api = mockApi({
      'GET /api/billing/config': localConfig,
      'POST /api/billing/local/checkout': json(200, { plan: 'GROWTH', subscriptionId: 'sub_local_1' }),
      'POST /api/auth/refresh-token': tokenResponse('GROWTH'),
      'GET /api/billing/user-1': json(200, record()),
    });
    const app = renderApp('/pricing');
    await app.user.click(await screen.findByRole('link', { name: 'Subscribe to Growth' }));
    expect(app.location().search).toBe('?subscribe=GROWTH');
    expect(await screen.findByRole('heading', { name: 'Checkout: Growth' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Pay $39.00 and subscribe' }));

    expect(await screen.findByRole('heading', { name: 'Billing Dashboard' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/billing/local/checkout')[0]?.body).toEqual({ plan: 'GROWTH' });
    expect(api.callsTo('POST /api/auth/refresh-token')).toHaveLength(1);
    expect(app.location().search).toBe('');
    expect(await sidebarEntry('Billing')).toBeInTheDocument();
    expect(await screen.findByText('You are now on the Growth plan.')).toBeInTheDocument();
  });

  it('shows the Billing Dashboard with a plan, and Manage Billing posts a form with the hidden userId', async () => {
    const accessToken = makeAccessToken({ plan: 'GROWTH' });
    setSession({ accessToken });
    mockApi({ 'GET /api/billing/config': localConfig, 'GET /api/billing/user-1': json(200, record()) });
    renderApp('/pricing');
    const dashboard = await screen.findByRole('region', { name: 'Billing Dashboard' });
    expect(within(dashboard).getByText('Active')).toBeInTheDocument();
    expect(within(dashboard).getByText('Growth')).toBeInTheDocument();
    expect(dashboard).toHaveTextContent('$39.00 a month');
    expect(dashboard).toHaveTextContent('ada@example.com');
    // Issue 32: the provider ids are there for support, in their own small section, not as the main text.
    const references = within(dashboard).getByRole('region', { name: 'References for support' });
    expect(references).toHaveTextContent('Customer IDcus_local_1');
    expect(references).toHaveTextContent('Subscription IDsub_local_1');
    const main = within(dashboard)
      .getAllByRole('definition')
      .filter((cell) => !references.contains(cell));
    expect(main.map((cell) => cell.textContent).join(' ')).not.toMatch(/cus_|sub_/);
    const form = within(dashboard)
      .getByRole('button', { name: 'Manage Billing' })
      .closest('form') as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/billing/create-customer-portal-session');
    expect(form).toHaveFormValues({ userId: 'user-1', accessToken });
  });

  it('shows no Active badge without a live subscription', async () => {
    setSession({ accessToken: makeAccessToken({ plan: 'PRO' }) });
    mockApi({
      'GET /api/billing/config': localConfig,
      'GET /api/billing/user-1': json(200, record({ subscriptionId: null, subscriptionPlan: null })),
    });
    renderApp('/pricing');
    const dashboard = await screen.findByRole('region', { name: 'Billing Dashboard' });
    expect(within(dashboard).queryByText('Active')).not.toBeInTheDocument();
    expect(within(dashboard).getByText('No subscription')).toBeInTheDocument();
    expect(within(dashboard).getByText('Pro')).toBeInTheDocument();
  });

  it("says 'Error: {message}' in red when billing cannot be loaded", async () => {
    setSession({ accessToken: makeAccessToken({ plan: 'GROWTH' }) });
    mockApi({
      'GET /api/billing/config': localConfig,
      'GET /api/billing/user-1': json(500, { message: 'Internal Server Error' }),
    });
    renderApp('/pricing');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: Internal Server Error');
    expect(alert).toHaveClass('text-red-600');
  });

  it('changes plan and cancels in the local portal, back to Free', async () => {
    setSession({ accessToken: makeAccessToken({ plan: 'GROWTH' }) });
    const api = mockApi({
      'GET /api/billing/config': localConfig,
      'POST /api/billing/local/change-plan': json(200, { plan: 'PRO', subscriptionId: 'sub_local_1' }),
      'POST /api/billing/local/cancel': json(200, { plan: null, subscriptionId: null }),
      'POST /api/auth/refresh-token': [tokenResponse('PRO'), tokenResponse()],
      'GET /api/billing/user-1': json(200, record({ subscriptionPlan: 'PRO' })),
    });
    const app = renderApp('/pricing?portal=local');
    await app.user.click(await screen.findByRole('button', { name: 'Switch to Pro' }));
    await screen.findByRole('heading', { name: 'Billing Dashboard' });
    expect(api.callsTo('POST /api/billing/local/change-plan')[0]?.body).toEqual({ plan: 'PRO' });

    await app.router.navigate('/pricing?portal=local');
    await app.user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByRole('link', { name: 'Subscribe to Pro' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/billing/local/cancel')).toHaveLength(1);
    expect(await sidebarEntry('Pricing')).toBeInTheDocument();
  });

  it('finishes a portal form that arrived without a token by asking for the portal URL', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    setSession({ accessToken: makeAccessToken({ plan: 'STARTER' }) });
    const api = mockApi({
      'GET /api/billing/config': json(200, {
        mode: 'stripe',
        publishableKey: 'pk',
        pricingTableId: 'prctbl',
      }),
      'POST /api/billing/update-subscription-redirect': json(200, {
        url: 'https://billing.stripe.com/p/abc',
      }),
    });
    renderApp('/pricing?manage=update');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/abc'));
    expect(api.callsTo('POST /api/billing/update-subscription-redirect')[0]?.body).toEqual({
      userId: 'user-1',
    });
  });

  it('embeds Stripe’s pricing table with the user id and a customer-session secret', async () => {
    setSession({ accessToken: makeAccessToken() });
    mockApi({
      'GET /api/billing/config': json(200, {
        mode: 'stripe',
        publishableKey: 'pk_live_1',
        pricingTableId: 'prctbl_1',
      }),
      'GET /api/billing/existing-customer-client-secret': json(200, { clientSecret: 'cuss_secret_1' }),
    });
    const { container } = renderApp('/pricing');
    await waitFor(() => expect(container.querySelector('stripe-pricing-table')).not.toBeNull());
    const table = container.querySelector('stripe-pricing-table') as HTMLElement;
    expect(table).toHaveAttribute('pricing-table-id', 'prctbl_1');
    expect(table).toHaveAttribute('publishable-key', 'pk_live_1');
    expect(table).toHaveAttribute('client-reference-id', 'user-1');
    expect(table).toHaveAttribute('customer-session-client-secret', 'cuss_secret_1');
    expect(screen.queryByRole('complementary', { name: 'Local test mode' })).not.toBeInTheDocument();
  });

  it('falls back to the e-mail when no customer session can be had, and shows errors passed back', async () => {
    setSession({ accessToken: makeAccessToken() });
    mockApi({
      'GET /api/billing/config': json(200, {
        mode: 'stripe',
        publishableKey: 'pk',
        pricingTableId: 'prctbl',
      }),
      'GET /api/billing/existing-customer-client-secret': json(502, { message: 'down' }),
    });
    const { container } = renderApp('/pricing?billingError=Billing%20record%20not%20found');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Billing record not found');
    await waitFor(() =>
      expect(container.querySelector('stripe-pricing-table')).toHaveAttribute(
        'customer-email',
        'ada@example.com',
      ),
    );
  });

  it('says when the subscription renews or ends (issue 32)', async () => {
    setSession({ accessToken: makeAccessToken({ plan: 'GROWTH' }) });
    mockApi({
      'GET /api/billing/config': localConfig,
      'GET /api/billing/user-1': json(
        200,
        record({ cancelAtPeriodEnd: true, currentPeriodEnd: '2026-12-14T10:00:00.000Z' }),
      ),
    });
    renderApp('/pricing');
    const dashboard = await screen.findByRole('region', { name: 'Billing Dashboard' });
    expect(dashboard).toHaveTextContent('ActiveEnds on Dec 14, 2026');
  });
});
