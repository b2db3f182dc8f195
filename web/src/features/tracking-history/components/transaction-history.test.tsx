import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { json, mockApi } from '@/testing/mock-api';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';
import { TransactionHistory } from './transaction-history';

const order = (index: number, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: `a${index}`,
  timestamp: `2026-07-14T10:${String(index).padStart(2, '0')}:00.000Z`,
  actionType: 'EXECUTE_ORDER',
  details: { orderType: 'BUY', shares: String(index), symbol: 'AAPL', price: '271.40' },
  revertible: true,
  reverted: false,
  revertedBy: null,
  ...extra,
});

const mount = (
  handler: (page: number, size: number) => { content: HistoryEntry[]; totalElements: number },
) => {
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({
    'GET /api/history/trk-1': (request) =>
      json(
        200,
        handler(Number(request.url.searchParams.get('page')), Number(request.url.searchParams.get('size'))),
      ),
    'POST /api/history/trk-1/revert': json(200, {}),
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <TransactionHistory trackingId="trk-1" />
    </QueryClientProvider>,
  );
  return { api, user, view };
};

describe('Transaction history', () => {
  it('is hidden entirely while there are no entries', async () => {
    const { api, view } = mount(() => ({ content: [], totalElements: 0 }));
    await waitFor(() => expect(api.callsTo('GET /api/history/trk-1')).toHaveLength(1));
    expect(view.container).toBeEmptyDOMElement();
  });

  it('pages with 5 rows by default, up to 5 page numbers with an ellipsis, and other page sizes', async () => {
    const all = Array.from({ length: 40 }, (_, index) => order(index + 1));
    const { api, user } = mount((page, size) => ({
      content: all.slice(page * size, page * size + size),
      totalElements: 40,
    }));
    const nav = await screen.findByRole('navigation', { name: 'History pages' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(nav).toHaveTextContent('…');
    expect(screen.getAllByRole('row')).toHaveLength(6);
    await user.click(within(nav).getByRole('button', { name: 'Page 4' }));
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent),
    ).toEqual(['2', '3', '4', '5', '6']);
    const sizes = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '10', '25', '50']);
    await user.selectOptions(sizes, '25');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(26));
    expect(api.calls.at(-1)?.url.search).toBe('?page=0&size=25');
  });

  it('collapses and expands', async () => {
    const { user } = mount(() => ({ content: [order(1)], totalElements: 1 }));
    const toggle = await screen.findByRole('button', { name: /Transaction history \(1\)/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reverts after confirmation, reloads the page and marks reverted entries', async () => {
    let reverted = false;
    const { api, user } = mount(() =>
      reverted
        ? {
            content: [
              {
                ...order(2, {
                  id: 'r1',
                  actionType: 'REVERT',
                  details: { revertsActionId: 'a1' },
                  revertible: false,
                }),
              },
              order(1, { reverted: true, revertedBy: 'r1' }),
            ],
            totalElements: 2,
          }
        : { content: [order(1)], totalElements: 1 },
    );
    await user.click(await screen.findByRole('button', { name: 'Revert BUY 1 AAPL at $271.40' }));
    const dialog = screen.getByRole('dialog', { name: 'Revert action' });
    reverted = true;
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    await screen.findByText('Reverted');
    expect(screen.getByText('Undid order executed: BUY 1 AAPL at $271.40')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Revert / })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/history/trk-1/revert')[0]?.body).toEqual({ actionId: 'a1' });
  });
});
