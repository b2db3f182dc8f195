import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/testing/mock-api';
import { confirmName, open, paste, preview } from './import-from-broker.fixtures';

const blendLabel = 'Or a blend of ETFs (optional)';

describe('Import from broker into a blend of ETFs (issue 30)', () => {
  it('sends "VTI 70, QQQ 30" as the blend index instead of the ETF picked, with the preview and the confirm', async () => {
    const { app, api } = open({
      'POST /api/trackings/import/preview': json(200, {
        ...preview,
        etfSymbol: 'VTI',
        indexLabel: '70 % VTI + 30 % QQQ',
      }),
      'POST /api/trackings/import': json(200, { symbol: 'VTI', trackingId: 'trk-9', preview }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Import from broker' }));
    await app.user.type(screen.getByLabelText(blendLabel), 'vti 70, qqq 30');
    await app.user.type(screen.getByLabelText(paste), 'symbol,shares{enter}NVDA,7');
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
    await screen.findByRole('heading', { name: 'Recorded as lots (1)' });
    const [sent] = api.callsTo('POST /api/trackings/import/preview');
    expect(sent?.body).toMatchObject({
      index: {
        type: 'blend',
        parts: [
          { symbol: 'VTI', weight: '70' },
          { symbol: 'QQQ', weight: '30' },
        ],
      },
    });
    expect(sent?.body).not.toHaveProperty('symbol');
    await app.user.click(screen.getByRole('button', { name: confirmName }));
    await waitFor(() => expect(api.callsTo('POST /api/trackings/import')).toHaveLength(1));
    expect(api.callsTo('POST /api/trackings/import')[0]?.body).toEqual(sent?.body);
  });

  it('says how to write a blend it cannot read, at the field, and sends nothing', async () => {
    const { app, api } = open();
    await app.user.click(await screen.findByRole('button', { name: 'Import from broker' }));
    await app.user.type(screen.getByLabelText(blendLabel), 'VTI and QQQ');
    await app.user.type(screen.getByLabelText(paste), 'symbol,shares{enter}NVDA,7');
    await app.user.click(screen.getByRole('button', { name: 'Preview import' }));
    expect(
      await screen.findByText('Write each ETF with its weight, separated by commas, e.g. VTI 70, QQQ 30.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(blendLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/trackings/import/preview')).toHaveLength(0);
  });
});
