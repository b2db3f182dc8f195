import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type MockRequest, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { adminToken } from '@/testing/tokens';

const profile = (id: string, email: string, extra: Record<string, unknown> = {}) => ({
  id,
  username: email,
  email,
  password: '********',
  firstName: 'Ann',
  lastName: 'Lee',
  fullName: 'Ann Lee',
  roles: ['ROLE_USER'],
  role: 'ROLE_USER',
  plan: null,
  stripeCustomerId: 'cus_123',
  address: null,
  phoneNumber: null,
  oauthProviders: [],
  emailConfirmed: true,
  pendingEmail: null,
  disabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const page = (content: unknown[], totalElements = content.length) => ({
  content,
  totalElements,
  page: 0,
  size: 25,
});

const open = (routes: Parameters<typeof mockApi>[0]) => {
  setSession({ accessToken: adminToken() });
  const api = mockApi(routes);
  return { app: renderApp('/userstable'), api };
};

describe('UsersTable (/userstable)', () => {
  it("shows the spec's columns, the password only as a mask", async () => {
    open({
      'GET /api/admin/users': json(
        200,
        page([profile('u1', 'ann@example.com', { password: '$argon2id$v=19$leak' })]),
      ),
    });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'ID',
      'Username',
      'Email',
      'Password',
      'First Name',
      'Last Name',
      'Roles',
      'Stripe Customer ID',
      'Full Name',
      'Address',
      'Phone Number',
      'Role',
      'Plan',
    ]);
    const cells = within(table).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent('********');
    expect(table).not.toHaveTextContent('argon2');
    expect(cells[7]).toHaveTextContent('cus_123');
  });

  it('searches and pages through the server', async () => {
    const many = [profile('u0', 'user0@example.com'), profile('u1', 'user1@example.com')];
    const { app, api } = open({
      'GET /api/admin/users': (request: MockRequest) =>
        json(
          200,
          request.url.searchParams.get('q') === 'zed'
            ? page([profile('z', 'zed@example.com')])
            : { ...page(many, 30), page: Number(request.url.searchParams.get('page')) },
        ),
    });
    await screen.findByText('Page 1 of 2 · 30 users');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2 · 30 users');
    expect(api.callsTo('GET /api/admin/users').at(-1)?.url.searchParams.get('page')).toBe('1');
    await app.user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zed');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('combobox', { name: 'Plan of zed@example.com' });
    const last = api.callsTo('GET /api/admin/users').at(-1);
    expect([last?.url.searchParams.get('q'), last?.url.searchParams.get('page')]).toEqual(['zed', '0']);
  });

  it('changes a plan only after confirmation, with the admin command', async () => {
    const { app, api } = open({
      'GET /api/admin/users': [
        json(200, page([profile('u1', 'ann@example.com')])),
        json(200, page([profile('u1', 'ann@example.com', { plan: 'PRO' })])),
      ],
      'POST /api/admin/users/u1/plan': json(200, profile('u1', 'ann@example.com', { plan: 'PRO' })),
    });
    const plan = await screen.findByRole('combobox', { name: 'Plan of ann@example.com' });
    await app.user.selectOptions(plan, 'PRO');
    const dialog = await screen.findByRole('dialog', { name: 'Change plan?' });
    expect(dialog).toHaveTextContent('Change the plan of ann@example.com from Free to Pro?');
    expect(api.callsTo('POST /api/admin/users/u1/plan')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = api.callsTo('POST /api/admin/users/u1/plan');
    expect(call?.body).toEqual({ plan: 'PRO' });
    expect(call?.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Plan of ann@example.com' })).toHaveValue('PRO'),
    );
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toasts).findByText('Plan of ann@example.com changed to Pro')).toBeInTheDocument();
  });

  it('cancelling sends nothing; a refused role change toasts the reason', async () => {
    const { app, api } = open({
      'GET /api/admin/users': json(200, page([profile('u1', 'ann@example.com')])),
      'POST /api/admin/users/u1/roles': json(409, { message: 'You cannot remove your own admin role.' }),
    });
    const role = await screen.findByRole('combobox', { name: 'Role of ann@example.com' });
    await app.user.selectOptions(role, 'ROLE_ADMIN');
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /api/admin/users/u1/roles')).toHaveLength(0);
    expect(role).toHaveValue('ROLE_USER');

    await app.user.selectOptions(role, 'ROLE_ADMIN');
    const dialog = await screen.findByRole('dialog', { name: 'Change role?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toasts).findByText('You cannot remove your own admin role.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/users/u1/roles')[0]?.body).toEqual({
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
    });
  });
});
