import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { adminToken } from '@/testing/tokens';

const about = {
  version: '0.1.0',
  webBuiltAt: '2026-01-02T03:04:05.000Z',
  startedAt: '2026-01-03T00:00:00.000Z',
  nodeVersion: 'v20.19.0',
  environment: 'production',
  eventStore: { kind: 'kurrentdb', headPosition: '00000000000000000012:00000000000000000012' },
  readModels: { kind: 'postgres' },
  projections: [
    { name: 'audit_log', position: '1:12', caughtUp: true, eventsBehind: 0, lastError: null },
    { name: 'trackings', position: '1:3', caughtUp: false, eventsBehind: 9, lastError: null },
    { name: 'users', position: null, caughtUp: false, eventsBehind: 1000, lastError: 'boom' },
  ],
  lagLimit: 1000,
};

describe('About (/about)', () => {
  it('shows version, build time, store kinds and each projection lag', async () => {
    setSession({ accessToken: adminToken() });
    mockApi({ 'GET /api/admin/about': json(200, about) });
    renderApp('/about');
    expect(await screen.findByText('0.1.0')).toBeInTheDocument();
    expect(screen.getByText(formatDateTime(about.webBuiltAt))).toBeInTheDocument();
    expect(screen.getByText('KurrentDB (EventStoreDB)')).toBeInTheDocument();
    expect(screen.getByText('PostgreSQL server')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Caught up',
      '9 events behind',
      '1000+ events behind',
    ]);
    expect(within(rows[2] as HTMLElement).getByText('boom')).toBeInTheDocument();
  });

  it('says so when the details cannot be loaded', async () => {
    setSession({ accessToken: adminToken() });
    mockApi({ 'GET /api/admin/about': json(500, { message: 'x' }) });
    renderApp('/about');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the installation details.');
  });
});
