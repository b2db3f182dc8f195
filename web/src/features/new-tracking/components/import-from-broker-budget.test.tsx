import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/testing/mock-api';
import { confirmName, noShortTermGains, open, paste, preview } from './import-from-broker.fixtures';

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
  const previewed = async (app: ReturnType<typeof open>['app']) => {
    await app.user.click(await screen.findByRole('button', { name: 'Import from broker' }));
    await app.user.type(screen.getByLabelText(paste), 'symbol,shares{enter}NVDA,7');
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
  };

  it('says what the orders realise, offers $0, $5,000 and no limit, and sends the chosen one with the import', async () => {
    const { app, api } = open({ 'POST /api/trackings/import/preview': json(200, withBudgets) });
    await previewed(app);
    expect(
      await screen.findByText(
        'These orders would realise +$6,200.00 of net capital gains. Set a budget to sell less at a gain:',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /No limit/ })).toBeChecked();
    const zero = screen.getByRole('radio', { name: /\$0 — only sell losses/ });
    expect(zero).toHaveAccessibleName('$0 — only sell losses Rate 71.50% Realises -$40.00');
    await app.user.click(zero);
    // The preview is asked again for the budget, and confirm waits for it.
    await waitFor(() => expect(api.callsTo('POST /api/trackings/import/preview')).toHaveLength(2));
    const budgeted = { ...noShortTermGains, maxNetGain: '0', allowShortTermGains: true };
    expect(api.callsTo('POST /api/trackings/import/preview')[1]?.body).toMatchObject({ taxBudget: budgeted });
    await waitFor(() => expect(screen.getByRole('button', { name: confirmName })).toBeEnabled());
    await app.user.click(screen.getByRole('button', { name: confirmName }));
    await waitFor(() => expect(api.callsTo('POST /api/trackings/import')).toHaveLength(1));
    expect(api.callsTo('POST /api/trackings/import')[0]?.body).toMatchObject({ taxBudget: budgeted });
    await screen.findByText('Tracking created with 1 imported positions', {}, { timeout: 10_000 });
    expect(api.callsTo('POST /api/trackings/trk-9/tax-budget')).toHaveLength(0);
  });

  it("sends no budget by default (no limit, short-term gains allowed: today's orders); unticked, it sends one", async () => {
    const { app, api } = open({ 'POST /api/trackings/import/preview': json(200, withBudgets) });
    const allow = await screen.findByRole('button', { name: 'Import from broker' }).then(async (button) => {
      await app.user.click(button);
      return screen.getByRole('checkbox', { name: /Allow short-term gains/ });
    });
    expect(allow).toBeChecked();
    await app.user.type(screen.getByLabelText(paste), 'symbol,shares{enter}NVDA,7');
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
    await screen.findByRole('radio', { name: /No limit/ });
    expect(api.callsTo('POST /api/trackings/import/preview')[0]?.body).not.toHaveProperty('taxBudget');
    await app.user.click(allow);
    await waitFor(() => expect(api.callsTo('POST /api/trackings/import/preview')).toHaveLength(2));
    expect(api.callsTo('POST /api/trackings/import/preview')[1]?.body).toMatchObject({
      taxBudget: noShortTermGains,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: confirmName })).toBeEnabled());
    await app.user.click(screen.getByRole('button', { name: confirmName }));
    await waitFor(() => expect(api.callsTo('POST /api/trackings/import')).toHaveLength(1));
    expect(api.callsTo('POST /api/trackings/import')[0]?.body).toMatchObject({ taxBudget: noShortTermGains });
    expect(api.callsTo('POST /api/trackings/trk-9/tax-budget')).toHaveLength(0);
  });
});
