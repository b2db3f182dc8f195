import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/testing/mock-api';
import { confirmName, open, paste, preview } from './import-from-broker.fixtures';

describe('Import from broker: a gains budget before confirming (issue 31)', () => {
  const withBudgets = {
    ...preview,
    unconstrainedRealisedNetGain: '6200',
    taxBudgetOptions: [
      { maxNetGain: '0', replicationRate: '71.5', realisedNetGain: '-40' },
      { maxNetGain: '5000', replicationRate: '96', realisedNetGain: '4980' },
      { maxNetGain: null, replicationRate: '99.2', realisedNetGain: '6200' },
    ],
  };

  it('says what the orders realise, offers $0, $5,000 and no limit with their rates, and sets the chosen one', async () => {
    const { app, api } = open({
      'POST /api/trackings/import/preview': json(200, withBudgets),
      'POST /api/trackings/trk-9/tax-budget': json(200, {}),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Import from broker' }));
    await app.user.type(screen.getByLabelText(paste), 'symbol,shares{enter}NVDA,7');
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
    expect(
      await screen.findByText(
        'These orders would realise +$6,200.00 of net capital gains. Set a budget to sell less at a gain:',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /No limit/ })).toBeChecked();
    const zero = screen.getByRole('radio', { name: /\$0 — only sell losses/ });
    expect(zero).toHaveAccessibleName('$0 — only sell losses Rate 71.50% Realises -$40.00');
    await app.user.click(zero);
    await app.user.click(screen.getByRole('button', { name: confirmName }));
    await waitFor(() => expect(api.callsTo('POST /api/trackings/trk-9/tax-budget')).toHaveLength(1));
    expect(api.callsTo('POST /api/trackings/trk-9/tax-budget')[0]?.body).toEqual({
      year: expect.any(Number),
      maxNetGain: '0',
      allowShortTermGains: true,
    });
  });

  it('with no limit creates the tracking and sets no budget', async () => {
    const { app, api } = open({ 'POST /api/trackings/import/preview': json(200, withBudgets) });
    await app.user.click(await screen.findByRole('button', { name: 'Import from broker' }));
    await app.user.type(screen.getByLabelText(paste), 'symbol,shares{enter}NVDA,7');
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
    await app.user.click(await screen.findByRole('button', { name: confirmName }));
    await waitFor(() => expect(api.callsTo('POST /api/trackings/import')).toHaveLength(1));
    expect(api.callsTo('POST /api/trackings/trk-9/tax-budget')).toHaveLength(0);
  });
});
