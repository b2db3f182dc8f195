import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type MockRequest, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { adminToken } from '@/testing/tokens';

const events = [
  { position: '5:1', eventType: 'TrackingCreated', data: { symbol: 'QQQ', targetAmount: '1000.00' } },
  {
    position: '5:2',
    eventType: 'OrderExecuted',
    data: { orderType: 'BUY', shares: '2', symbol: 'AAPL', price: '100' },
  },
  {
    position: '5:3',
    eventType: 'OrderExecuted',
    data: { orderType: 'BUY', shares: '1', symbol: 'MSFT', price: '400' },
  },
].map((event, i) => ({
  ...event,
  eventId: `ev-${i}`,
  recordedAt: `2026-01-0${i + 1}T10:00:00.000Z`,
  actorUserId: 'u-1',
}));

const stateAt = (index: number) => {
  const positions: Record<string, string> = index >= 1 ? { AAPL: '2' } : {};
  if (index >= 2) positions.MSFT = '1';
  const event = events[index] as (typeof events)[number];
  return {
    ...event,
    status: 'Active',
    targetAmount: '1000.00',
    cash: index === 0 ? '1000.00' : index === 1 ? '800.00' : '400.00',
    positions,
    plan: 'PRO',
    snapshot: { eventId: 'snap', asOf: '2026-01-01' },
    view: {
      trackingId: 't-1',
      symbol: 'QQQ',
      adjustmentOrders: index < 2 ? [{ symbol: 'MSFT', orderType: 'BUY', shares: '1' }] : [],
      currentReplication: {
        targetInvestmentAmount: '1000.00',
        investments: Object.entries(positions).map(([symbol, shares]) => ({
          symbol,
          numberOfShares: shares,
          amountInvested: symbol === 'AAPL' ? '200.00' : '400.00',
        })),
        leftoverAmount: index === 2 ? '400.00' : '800.00',
      },
      targetReplication: {
        investments: [
          { symbol: 'AAPL', numberOfShares: '2', amountInvested: '200.00' },
          { symbol: 'MSFT', numberOfShares: '1', amountInvested: '400.00' },
        ],
        leftoverAmount: '400.00',
      },
      replicationRate: index === 0 ? '0' : index === 1 ? '33.3' : '60',
      globalFractionalSharesThreshold: 0,
      numberOfWeightings: 5,
      effectiveNumberOfWeightings: 2,
      numberOfWeightingsCap: 10,
      autoTrackingTargetAmountEnabled: false,
      buyOnly: false,
      targetReplicationRate: '60',
      etfReplicationRate: '10',
      etfCoverage: '20',
      excluded: [],
      prices: { AAPL: '100', MSFT: '400' },
      snapshotAsOf: '2026-01-01',
    },
  };
};

const replayHandler = (request: MockRequest) => {
  const until = request.url.searchParams.get('until');
  const index = until ? events.findIndex((event) => event.position === until) : events.length - 1;
  return json(200, {
    trackingId: 't-1',
    symbol: 'QQQ',
    userId: 'u-1',
    ownerEmail: 'ann@example.com',
    until,
    events,
    state: stateAt(index),
  });
};

const open = (url: string, handler = replayHandler) => {
  setSession({ accessToken: adminToken() });
  const api = mockApi({ 'GET /api/admin/trackings/t-1/replay': handler });
  return { app: renderApp(url), api };
};

const positionSymbols = () =>
  within(screen.getByRole('table', { name: 'Positions' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('Tracking time travel (/admin/trackings/:id)', () => {
  it('shows every event and the state now, with positions, orders, rates and prices', async () => {
    open('/admin/trackings/t-1');
    await screen.findByRole('heading', { name: 'Time travel: QQQ tracking' });
    expect(screen.getByText(/Owner ann@example.com/)).toBeInTheDocument();
    const slider = screen.getByRole('slider', { name: 'Position in history' });
    expect(slider).toHaveValue('2');
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^Event 3 of 3: OrderExecuted/));
    expect(positionSymbols()).toEqual(['AAPL', 'MSFT']);
    expect(screen.getByText('No orders: current matches the target.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Prices at that moment' })).getByText('$400.00'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Tracking events' });
    expect(within(list).getByRole('button', { current: 'step' })).toHaveTextContent('BUY 1 MSFT @ $400');
  });

  it('moves back before an order with the slider and shows the old positions, replayed by the server', async () => {
    const { app, api } = open('/admin/trackings/t-1');
    const slider = await screen.findByRole('slider', { name: 'Position in history' });
    fireEvent.change(slider, { target: { value: '1' } });
    await waitFor(() => expect(positionSymbols()).toEqual(['AAPL']));
    expect(app.location().search).toBe('?until=5%3A2');
    expect(api.callsTo('GET /api/admin/trackings/t-1/replay').at(-1)?.url.searchParams.get('until')).toBe(
      '5:2',
    );
    expect(
      within(screen.getByRole('table', { name: 'Adjustment orders' })).getByText('MSFT'),
    ).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Previous event' }));
    await screen.findByText('No positions yet.');
    expect(screen.getByRole('slider')).toHaveAttribute(
      'aria-valuetext',
      expect.stringMatching(/^Event 1 of 3: TrackingCreated/),
    );
    expect(screen.getByRole('button', { name: 'Previous event' })).toBeDisabled();
  });

  it('jumps to an event picked in the list, and opens at the position in the URL', async () => {
    const { app } = open('/admin/trackings/t-1?until=5%3A1');
    await screen.findByText('No positions yet.');
    await app.user.click(screen.getByRole('button', { name: /BUY 2 AAPL/ }));
    await waitFor(() => expect(positionSymbols()).toEqual(['AAPL']));
    expect(screen.getByRole('button', { name: /BUY 2 AAPL/ })).toHaveAttribute('aria-current', 'step');
  });

  it('says so when the tracking does not exist', async () => {
    open('/admin/trackings/t-1', () => json(404, { message: 'There is no tracking with this id.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no tracking with this id.');
  });
});
