import type { TrackingExclusions } from '@etf-replicator/core/contracts/trackings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openExclusionsPanel } from '@/features/tracking-detail/testing/exclusions-panel';
import { trackingDetail } from '@/features/tracking-detail/testing/tracking-fixtures';
import { json } from '@/testing/mock-api';

const exclusions = {
  symbols: [],
  sectors: [],
  industries: [],
  excludedWeight: '0',
  etfReplicationRate: '41.78',
  etfReplicationRateWithout: '41.78',
  etfSectors: [{ sector: 'Energy', weightPercentage: '2.9' }],
  unclassifiedWeight: '12.5',
};
const TOBACCO = [{ industry: 'Tobacco', mode: 'sell' as const }];
const preview = {
  exclusions: { ...exclusions, industries: TOBACCO, excludedWeight: '0.9', etfReplicationRate: '41.03' },
  targetReplicationRate: '90',
  adjustmentOrders: [{ symbol: 'PM', orderType: 'SELL', shares: '2' }],
};

const open = (
  plan: string | undefined,
  routes: Parameters<typeof openExclusionsPanel>[2] = {},
  saved: TrackingExclusions = exclusions,
) => openExclusionsPanel(plan, saved, routes);

describe('Exclusions panel: values screens (issue 30)', () => {
  it("lists each screen's industries, says what cannot be screened, previews the cost and saves the industries", async () => {
    const api = open('PRO', {
      'GET /api/trackings/trk-1/exclusions/preview': json(200, preview),
      'POST /api/trackings/trk-1/exclusions': json(200, trackingDetail({ exclusions: preview.exclusions })),
    });
    const panel = await screen.findByRole('region', { name: 'Exclusions' });
    expect(
      within(panel).getByText(
        "12.50% of this index's weight has no industry in our data and cannot be screened.",
      ),
    ).toBeInTheDocument();
    const fossil = within(panel).getByRole('list', { name: 'Industries of the Fossil fuels screen' });
    expect(within(fossil).getAllByRole('listitem')).toHaveLength(7);
    expect(within(fossil).getByText('Coal & Consumable Fuels')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(panel).getByRole('checkbox', { name: 'Tobacco screen' }));
    // 41.78 − 41.03 = 0.75 points: the screen's cost, live.
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('0.75 points'));
    expect(within(panel).getByRole('status')).toHaveTextContent('41.03%');
    const asked = api.calls.filter((call) => call.url.pathname.endsWith('/preview')).at(-1)!;
    expect(asked.url.searchParams.getAll('industries')).toEqual(['Tobacco']);

    await user.click(within(panel).getByRole('button', { name: 'Save exclusions' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
        symbols: [],
        sectors: [],
        industries: ['Tobacco'],
        mode: 'sell',
      }),
    );
  });

  it('sends every industry of a screen, each as its own parameter (names contain commas)', async () => {
    const api = open('PRO', { 'GET /api/trackings/trk-1/exclusions/preview': json(200, preview) });
    const panel = await screen.findByRole('region', { name: 'Exclusions' });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('checkbox', { name: 'Fossil fuels screen' }));
    await waitFor(() => expect(api.calls.some((call) => call.url.pathname.endsWith('/preview'))).toBe(true));
    const asked = api.calls.filter((call) => call.url.pathname.endsWith('/preview')).at(-1)!;
    expect(asked.url.searchParams.getAll('industries')).toHaveLength(7);
    await user.click(within(panel).getByRole('checkbox', { name: 'Fossil fuels screen' }));
    expect(within(panel).getByRole('checkbox', { name: 'Fossil fuels screen' })).not.toBeChecked();
  });

  it('shows a saved screen checked, takes it back with DELETE, and says nothing when all is classified', async () => {
    const saved = { ...preview.exclusions, unclassifiedWeight: '0' };
    const api = open(
      'PRO',
      {
        'GET /api/trackings/trk-1/exclusions/preview': json(200, { ...preview, exclusions }),
        'DELETE /api/trackings/trk-1/exclusions': json(200, trackingDetail({ exclusions })),
      },
      saved,
    );
    const panel = await screen.findByRole('region', { name: 'Exclusions' });
    expect(within(panel).queryByText(/cannot be screened/)).not.toBeInTheDocument();
    const tobacco = within(panel).getByRole('checkbox', { name: 'Tobacco screen' });
    expect(tobacco).toBeChecked();
    const user = userEvent.setup();
    await user.click(tobacco);
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Save exclusions' })).toBeEnabled());
    await user.click(within(panel).getByRole('button', { name: 'Save exclusions' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'DELETE')?.body).toEqual({
        symbols: [],
        sectors: [],
        industries: ['Tobacco'],
      }),
    );
  });

  it('on Free, offers no screen', async () => {
    open(undefined);
    const panel = await screen.findByRole('region', { name: 'Exclusions' });
    expect(within(panel).getByRole('checkbox', { name: 'Tobacco screen' })).toBeDisabled();
  });
});
