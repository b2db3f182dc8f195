import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, NO_RESPONSE } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { adminToken } from '@/testing/tokens';

const open = (routes: Parameters<typeof mockApi>[0]) => {
  setSession({ accessToken: adminToken() });
  const api = mockApi(routes);
  const app = renderApp('/testpage');
  return { app, api };
};

describe('TestPage (/testpage)', () => {
  it('shows the raw answer of the stock endpoint and of endpoint3', async () => {
    const quote = {
      symbol: 'AAPL',
      name: 'Apple Inc.',
      price: '189.50',
      priceAsOf: '2026-01-02',
      priceSource: 'x',
    };
    const { app } = open({
      'GET /api/stock/AAPL': json(200, quote),
      'GET /api/endpoint3': json(200, { message: 'endpoint3 is working' }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Fetch /api/stock/AAPL' }));
    const raw = await screen.findByText(/"symbol": "AAPL"/);
    expect(screen.getByRole('heading', { name: 'Response of /api/stock/AAPL' })).toBeInTheDocument();
    expect(raw.textContent).toContain('"price": "189.50"');
    await app.user.click(screen.getByRole('button', { name: 'Fetch /api/endpoint3' }));
    expect(await screen.findByText(/"message": "endpoint3 is working"/)).toBeInTheDocument();
  });

  it("says 'Error fetching data' when a call fails", async () => {
    const { app } = open({ 'GET /api/stock/AAPL': NO_RESPONSE });
    await app.user.click(await screen.findByRole('button', { name: 'Fetch /api/stock/AAPL' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching data');
  });

  it("toasts on 'Show Alert'", async () => {
    const { app } = open({});
    await app.user.click(await screen.findByRole('button', { name: 'Show Alert' }));
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toasts).findByText('This is a test alert')).toBeInTheDocument();
  });
});
