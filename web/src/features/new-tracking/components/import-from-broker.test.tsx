import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type MockRequest } from '@/testing/mock-api';
import { pausedDdSell } from '@/testing/paused-orders';
import { confirmName, open, paste, preview, targetLabel } from './import-from-broker.fixtures';

/** The server's preview as the options make it: fractional shares buy 2.85 AAPL instead of 2; the target is echoed. */
const previewFor = (request: MockRequest) => {
  const body = request.body as { targetInvestmentAmount?: string; fractionalShares?: boolean };
  return json(200, {
    ...preview,
    targetInvestmentAmount: body.targetInvestmentAmount ?? '1420.23',
    orders: [{ symbol: 'AAPL', orderType: 'BUY', shares: body.fractionalShares ? '2.85' : '2' }],
  });
};

describe('Import from broker', () => {
  it('previews what is recorded, left out and ordered, then creates the tracking with what was previewed', async () => {
    const { app, api } = open();
    await app.user.click(await screen.findByRole('button', { name: 'Import from broker' }));
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose your positions file or paste its contents.');

    await app.user.type(screen.getByLabelText(paste), 'symbol,shares{enter}NVDA,7{enter}ZZZZ,1');
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
    await screen.findByRole('heading', { name: 'Recorded as lots (1)' });
    expect(screen.getByText('kept outside the tracking: not a holding of QQQ')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Orders to reach the target (1)' })).toBeInTheDocument();
    expect(screen.getByText('$579.77')).toBeInTheDocument();
    // Issue 32: the positions' value is dated by the closes it uses.
    expect(screen.getByTestId('prices-as-of')).toHaveTextContent('Prices as of Oct 30 – Nov 18, 2025.');
    const [sent] = api.callsTo('POST /api/trackings/import/preview');
    expect(sent?.body).toEqual({
      symbol: 'QQQ',
      csv: 'symbol,shares\nNVDA,7\nZZZZ,1',
      fractionalShares: false,
      autoTracking: false,
    });

    await app.user.click(screen.getByRole('button', { name: 'Create tracking with these positions' }));
    await screen.findByText('Tracking created with 1 imported positions', {}, { timeout: 10_000 });
    expect(api.callsTo('POST /api/trackings/import')[0]?.body).toEqual(sent?.body);
  });

  it('lists the orders paused by an unexplained price move, not "the positions already match" (issue 32)', async () => {
    const { app } = open({
      'POST /api/trackings/import/preview': json(200, {
        ...preview,
        orders: [],
        pausedOrders: [pausedDdSell],
      }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Import from broker' }));
    await app.user.type(screen.getByLabelText(paste), 'symbol,shares{enter}DD,30');
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
    await screen.findByRole('heading', { name: 'Orders to reach the target (0)' });
    expect(screen.getByRole('list', { name: 'Paused orders' })).toHaveTextContent(
      /^SELL 21 DD paused: DD moved -52\.50% between the closes of Oct 30, 2025 and Nov 18, 2025 with no recorded split/,
    );
    expect(screen.queryByText('None: the positions already match the target.')).toBeNull();
  });

  it('shows the line a broken file fails on, and offers no confirm', async () => {
    const { app } = open({
      'POST /api/trackings/import/preview': json(400, {
        message: 'Nothing was imported. Line 3: quantity "x" of ZZZZ is not a number',
      }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Import from broker' }));
    await app.user.type(screen.getByLabelText(paste), 'symbol,shares{enter}ZZZZ,x');
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
    expect(await screen.findByText(/Line 3: quantity "x"/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create tracking with these positions' })).toBeNull();
  });

  it('sends the chosen target amount, fractional shares and auto-tracking with the preview and the confirm', async () => {
    const { app, api } = open({
      'POST /api/trackings/import/preview': previewFor,
      'POST /api/trackings/import': () =>
        json(200, { symbol: 'QQQ', trackingId: 'trk-9', preview: { ...preview, orders: [] } }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Import from broker' }));
    expect(
      screen.getByText("Leave empty to use the positions' value plus the file's cash."),
    ).toBeInTheDocument();
    const fractional = screen.getByRole('switch', { name: 'Fractional shares' });
    const auto = screen.getByRole('switch', { name: 'Auto-tracking of target amount' });
    expect(fractional).toHaveAttribute('aria-checked', 'false');
    expect(auto).toHaveAttribute('aria-checked', 'false');

    await app.user.type(screen.getByLabelText(paste), 'symbol,shares{enter}NVDA,7');
    await app.user.type(screen.getByLabelText(targetLabel), '2500.5');
    await app.user.click(fractional);
    await app.user.click(auto);
    expect(fractional).toHaveAttribute('aria-checked', 'true');
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
    await screen.findByRole('heading', { name: 'Recorded as lots (1)' });
    const expected = {
      symbol: 'QQQ',
      csv: 'symbol,shares\nNVDA,7',
      targetInvestmentAmount: '2500.5',
      fractionalShares: true,
      autoTracking: true,
    };
    expect(api.callsTo('POST /api/trackings/import/preview').map((call) => call.body)).toEqual([expected]);
    expect(screen.getByText('$2,500.50')).toBeInTheDocument();
    expect(screen.getByText('2.85')).toBeInTheDocument();
    expect(
      screen.getByText("Leave empty to use the positions' value plus the file's cash: $1,420.23."),
    ).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: confirmName }));
    await screen.findByText('Tracking created with 1 imported positions', {}, { timeout: 10_000 });
    expect(api.callsTo('POST /api/trackings/import').map((call) => call.body)).toEqual([expected]);
  });

  it('asks the preview again when an option changes, and confirms only what the shown preview was made for', async () => {
    const { app, api } = open({ 'POST /api/trackings/import/preview': previewFor });
    await app.user.click(await screen.findByRole('button', { name: 'Import from broker' }));
    await app.user.type(screen.getByLabelText(paste), 'symbol,shares{enter}NVDA,7');
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
    await screen.findByRole('heading', { name: 'Recorded as lots (1)' });
    expect(screen.getByRole('cell', { name: '2' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('switch', { name: 'Fractional shares' }));
    // Until the new preview is in, the old one is marked and cannot be confirmed.
    expect(screen.getByRole('status')).toHaveTextContent('Updating the preview for your options...');
    expect(screen.getByRole('button', { name: confirmName })).toBeDisabled();
    expect(await screen.findByRole('cell', { name: '2.85' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: confirmName })).toBeEnabled();
    const asked = api.callsTo('POST /api/trackings/import/preview').map((call) => call.body);
    expect(asked).toHaveLength(2);
    expect(asked[1]).toMatchObject({ fractionalShares: true, autoTracking: false });

    // A typed amount is asked once, after the typing stops.
    await app.user.type(screen.getByLabelText(targetLabel), '3000');
    await screen.findByText('$3,000.00');
    const afterAmount = api.callsTo('POST /api/trackings/import/preview').map((call) => call.body);
    expect(afterAmount).toHaveLength(3);
    expect(afterAmount[2]).toMatchObject({ targetInvestmentAmount: '3000', fractionalShares: true });

    await app.user.click(screen.getByRole('button', { name: confirmName }));
    await screen.findByText('Tracking created with 1 imported positions', {}, { timeout: 10_000 });
    expect(api.callsTo('POST /api/trackings/import')[0]?.body).toEqual(afterAmount[2]);
  });

  it('shows an invalid target amount at the field, sends nothing and keeps the file', async () => {
    const { app, api } = open({ 'POST /api/trackings/import/preview': previewFor });
    await app.user.click(await screen.findByRole('button', { name: 'Import from broker' }));
    const pasted = screen.getByLabelText(paste);
    await app.user.type(pasted, 'symbol,shares{enter}NVDA,7');
    const target = screen.getByLabelText(targetLabel);
    await app.user.type(target, '0');
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
    expect(await screen.findByText('Please enter a valid investment amount')).toBeInTheDocument();
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/trackings/import/preview')).toHaveLength(0);
    expect(pasted).toHaveValue('symbol,shares\nNVDA,7');

    // Corrected: the preview comes; made invalid again: nothing is asked and the old preview cannot be confirmed.
    await app.user.type(target, '{backspace}2000');
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
    await screen.findByRole('heading', { name: 'Recorded as lots (1)' });
    await app.user.clear(target);
    await app.user.type(target, '.');
    expect(await screen.findByText('Please enter a valid investment amount')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('correct the target amount to update it');
    expect(screen.getByRole('button', { name: confirmName })).toBeDisabled();
    await waitFor(() => expect(api.callsTo('POST /api/trackings/import/preview')).toHaveLength(1));
    expect(api.callsTo('POST /api/trackings/import')).toHaveLength(0);
    expect(pasted).toHaveValue('symbol,shares\nNVDA,7');
  });

  it('says per lot and in a summary which cost basis and dates are unknown, and shows the file cash', async () => {
    const schwab = {
      ...preview,
      source: { id: 'schwab', name: 'Charles Schwab' },
      recorded: [
        { ...preview.recorded[0], costBasis: null, basisKnown: false, acquired: null, dateKnown: false },
      ],
      ignored: [
        {
          line: 10,
          symbol: 'CASH & CASH INVESTMENTS',
          reason: 'cash or a money market fund',
          amount: '6400',
        },
        { line: 11, symbol: 'POSITIONS TOTAL', reason: 'a total line, not a position' },
      ],
      cashAmount: '6400.00',
      targetFrom: 'positionsAndCash',
      targetInvestmentAmount: '7820.23',
      leftoverAmount: '6400.00',
      notes: [
        'All 1 lots have no cost basis in the file: cost basis unknown — valued at the snapshot price for replication only; tax reports will show it as unknown.',
        "Schwab's positions export has no purchase dates. For each lot's date and cost, export the lot details.",
        'Each row becomes one tax lot.',
      ],
    };
    const { app } = open({ 'POST /api/trackings/import/preview': json(200, schwab) });
    await app.user.click(await screen.findByRole('button', { name: 'Import from broker' }));
    await app.user.type(screen.getByLabelText(paste), 'symbol,shares{enter}NVDA,7');
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
    const lots = await screen.findByRole('table', { name: 'Positions recorded as lots' });
    expect(lots).toHaveTextContent(
      'NVDA7UnknownUnknownCost basis unknown — valued at the snapshot price ($202.89 a share) for replication only; tax reports will show it as unknown. Acquisition date unknown — tax reports will show it as unknown.',
    );
    const summary = screen.getByRole('list', { name: 'Unknown cost basis and dates' });
    expect(summary).toHaveTextContent(
      /cost basis unknown — valued at the snapshot price for replication only/,
    );
    expect(summary).toHaveTextContent(/no purchase dates.*lot details/);
    const figures = screen.getByRole('region', { name: 'Import preview' });
    expect(figures).toHaveTextContent('Cash in the file$6,400.00');
    expect(figures).toHaveTextContent('Target amount$7,820.23positions + cash in the file');
    expect(figures).toHaveTextContent('Cash to invest$6,400.00');
    expect(screen.getByRole('table', { name: 'Rows left out, with the reason' })).toHaveTextContent(
      'cash or a money market fund ($6,400.00)',
    );
  });
});
