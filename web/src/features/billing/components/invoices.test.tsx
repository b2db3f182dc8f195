import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

const invoices = [
  {
    created: '2027-02-15T08:00:00.000Z',
    invoiceId: 'in_2',
    description: '1 × Pro (at $59.00 / month)',
    amount: 5900,
    status: 'open',
    invoicePdf: null,
  },
  {
    created: '2027-01-15T08:00:00.000Z',
    invoiceId: 'in_1',
    description: '1 × Growth (at $39.00 / month)',
    amount: 3900,
    status: 'paid',
    invoicePdf: 'https://pay.stripe.com/in_1.pdf',
  },
];

describe('Settings → Invoices', () => {
  it("lists 'Your Invoices' with the spec's columns, amounts in dollars and coloured status badges", async () => {
    setSession({ accessToken: makeAccessToken() });
    mockApi({ 'GET /api/billing/invoices': json(200, invoices) });
    renderApp('/settings/invoices');
    expect(await screen.findByRole('heading', { name: 'Your Invoices' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'Invoice ID', 'Description', 'Amount', 'Status', 'Download']);
    const [, open, paid] = within(table).getAllByRole('row');
    expect(
      within(open as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Feb 15, 2027', 'in_2', '1 × Pro (at $59.00 / month)', '$59.00', 'Open', '—']);
    expect(within(open as HTMLElement).getByText('Open')).toHaveClass('bg-yellow-50');
    expect(within(paid as HTMLElement).getByText('Paid')).toHaveClass('bg-green-50');
    expect(within(paid as HTMLElement).getByText('$39.00')).toBeInTheDocument();
    expect(within(paid as HTMLElement).getByRole('link', { name: 'Download invoice in_1' })).toHaveAttribute(
      'href',
      'https://pay.stripe.com/in_1.pdf',
    );
  });

  it('says so when there are no invoices', async () => {
    setSession({ accessToken: makeAccessToken() });
    mockApi({ 'GET /api/billing/invoices': json(200, []) });
    renderApp('/settings/invoices');
    expect(await screen.findByText('You have no previous invoices')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("says 'Error: {message}' when the invoices cannot be loaded", async () => {
    setSession({ accessToken: makeAccessToken() });
    mockApi({
      'GET /api/billing/invoices': json(502, { message: 'The payment provider could not be reached.' }),
    });
    renderApp('/settings/invoices');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: The payment provider could not be reached.',
    );
  });
});
