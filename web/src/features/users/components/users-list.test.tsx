import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { adminToken } from '@/testing/tokens';

const user = (id: string, username: string) => ({ id, username, email: username });

describe('Users (/users)', () => {
  it('lists the usernames and refreshes on demand', async () => {
    setSession({ accessToken: adminToken() });
    const api = mockApi({
      'GET /api/users': [
        json(200, [user('1', 'ann@example.com'), user('2', 'bob@example.com')]),
        json(200, [user('1', 'ann@example.com'), user('2', 'bob@example.com'), user('3', 'cy@example.com')]),
      ],
    });
    const app = renderApp('/users');
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ann@example.com', 'bob@example.com']);
    await app.user.click(screen.getByRole('button', { name: 'Refresh' }));
    await within(list).findByText('cy@example.com');
    expect(api.callsTo('GET /api/users')).toHaveLength(2);
  });

  it("says 'No users to display' when there are none", async () => {
    setSession({ accessToken: adminToken() });
    mockApi({ 'GET /api/users': json(200, []) });
    renderApp('/users');
    expect(await screen.findByText('No users to display')).toBeInTheDocument();
  });

  it('goes to /login when the list cannot be loaded, remembering the page', async () => {
    setSession({ accessToken: adminToken() });
    mockApi({ 'GET /api/users': json(500, { message: 'boom' }), 'POST /api/auth/logout': json(200) });
    const app = renderApp('/users');
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(app.location().pathname).toBe('/login');
    expect(app.location().state).toMatchObject({ from: { pathname: '/users' } });
  });
});
