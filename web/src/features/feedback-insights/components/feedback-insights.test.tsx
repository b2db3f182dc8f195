import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { adminToken } from '@/testing/tokens';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const long = 'The replication dashboard is great but the rate badge could explain itself better.';
const records = [
  {
    id: 'f1',
    message: long,
    email: 'ann@example.com',
    timestamp: '2026-01-02T10:00:00.000Z',
    pageUrl: 'http://localhost/tracking/VOO',
    images: [PNG, 'not base64!'],
    imageTypes: ['png', 'png'],
  },
  {
    id: 'f2',
    message: 'Short one',
    email: null,
    timestamp: 1_767_225_600,
    pageUrl: null,
    images: [],
    imageTypes: [],
  },
];

const open = (answer = json(200, records)) => {
  setSession({ accessToken: adminToken() });
  mockApi({ 'GET /api/retrieve-feedback': answer });
  return renderApp('/feedbackpanel');
};

describe('Feedback Insights (/feedbackpanel)', () => {
  it('lists the responses with count, 50-character previews, e-mail or Anonymous, and the time', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'Feedback responses' });
    expect(screen.getByText('2 responses')).toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('button');
    expect(first).toHaveTextContent(`${long.slice(0, 50)}...`);
    expect(first).toHaveTextContent('ann@example.com');
    expect(first).toHaveTextContent(formatDateTime('2026-01-02T10:00:00.000Z'));
    expect(second).toHaveTextContent('Short one');
    expect(second).toHaveTextContent('Anonymous');
    expect(second).toHaveTextContent(formatDateTime(1_767_225_600_000));
  });

  it('expands one row at a time with the full message, screenshots, e-mail, timestamp and page URL', async () => {
    const app = open();
    const list = await screen.findByRole('list', { name: 'Feedback responses' });
    const [first, second] = within(list).getAllByRole('button', { expanded: false });
    await app.user.click(first as HTMLElement);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(long)).toBeInTheDocument();
    expect(screen.getByText('http://localhost/tracking/VOO')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Screenshot 1' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,iVBOR/),
    );
    expect(screen.getByText('Failed to render screenshot 2')).toBeInTheDocument();

    await app.user.click(second as HTMLElement);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText(long)).not.toBeInTheDocument();
    await app.user.click(second as HTMLElement);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a screenshot full size; Escape closes it and focus returns to the thumbnail', async () => {
    const app = open();
    const list = await screen.findByRole('list', { name: 'Feedback responses' });
    await app.user.click(within(list).getAllByRole('button')[0] as HTMLElement);
    const thumbnail = screen.getByRole('button', { name: 'Open screenshot 1 full size' });
    await app.user.click(thumbnail);
    const overlay = await screen.findByRole('dialog', { name: 'Screenshot 1' });
    expect(within(overlay).getByRole('img', { name: 'Screenshot 1, full size' })).toBeInTheDocument();
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(thumbnail).toHaveFocus();
  });

  it('shows linked screenshots from our API and reads every page of the list', async () => {
    setSession({ accessToken: adminToken() });
    const linked = (n: number) => ({
      ...records[1],
      id: `p${n}`,
      message: `Paged ${n}`,
      imageTypes: ['png'],
      imageUrls: [
        `/api/retrieve-feedback/p${n}/images/0?expires=1&signature=s`,
        'https://evil.example/x.png',
      ],
    });
    const api = mockApi({
      'GET /api/retrieve-feedback': ({ url }) =>
        url.searchParams.get('page') === '0'
          ? json(
              200,
              Array.from({ length: 100 }, (_, n) => linked(n)),
            )
          : json(200, [linked(100)]),
    });
    const app = renderApp('/feedbackpanel');
    expect(await screen.findByText('101 responses')).toBeInTheDocument();
    expect(api.callsTo('GET /api/retrieve-feedback').map((call) => call.url.search)).toEqual([
      '?page=0&size=100&images=links',
      '?page=1&size=100&images=links',
    ]);
    await app.user.click(screen.getByRole('button', { name: /Paged 100/ }));
    const images = screen.getAllByRole('img', { name: 'Screenshot 1' });
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/api/retrieve-feedback/p100/images/0?expires=1&signature=s',
    ]);
    expect(screen.queryByRole('img', { name: 'Screenshot 2' })).not.toBeInTheDocument();
  });

  it("says 'No feedback available yet' when there is none", async () => {
    open(json(200, []));
    expect(await screen.findByText('No feedback available yet')).toBeInTheDocument();
    expect(screen.getByText('0 responses')).toBeInTheDocument();
  });

  it("says 'Failed to load feedback data.' when the list cannot be loaded", async () => {
    open(json(500, { message: 'x' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load feedback data.');
  });

  it('shows a loading state first', async () => {
    open();
    expect(screen.getByRole('status')).toHaveTextContent(/Loading/);
    await screen.findByRole('list', { name: 'Feedback responses' });
  });
});
