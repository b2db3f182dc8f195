import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type MockResponse, mockApi, NO_RESPONSE } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';

const open = async (answer: MockResponse | (() => Promise<MockResponse>) = json(201)) => {
  setSession();
  const api = mockApi({ 'POST /api/auth/register': answer });
  const app = renderApp('/register');
  await screen.findByRole('heading', { name: 'Create your account' });
  return { app, api };
};

const fillValid = async ({ app }: Awaited<ReturnType<typeof open>>) => {
  await app.user.type(screen.getByLabelText('First Name'), 'Ada');
  await app.user.type(screen.getByLabelText('Last Name'), 'Lovelace');
  await app.user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await app.user.type(screen.getByLabelText('Password'), 'Secret1!x');
  await app.user.type(screen.getByLabelText('Confirm Password'), 'Secret1!x');
};

describe('Register', () => {
  it('shows each live hint while a field is invalid, tied to the field', async () => {
    const { app } = await open();
    const cases: Array<[string, string, string]> = [
      ['First Name', 'A1', 'Must contain at least 2 characters and only letters.'],
      ['Email', 'ada@x', 'Must be a valid email format.'],
      [
        'Password',
        'short',
        '8-24 characters, must include uppercase, lowercase, number, and special character (!@#$%).',
      ],
      ['Confirm Password', 'other', 'Must match the password above.'],
    ];
    for (const [label, value, hint] of cases) {
      const field = screen.getByLabelText(label);
      await app.user.type(field, value);
      expect(field).toHaveAccessibleDescription(hint);
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
  });

  it('hides a hint once the field is valid', async () => {
    const { app } = await open();
    const field = screen.getByLabelText('Last Name');
    await app.user.type(field, 'L');
    expect(screen.getByText('Must contain at least 2 characters and only letters.')).toBeInTheDocument();
    await app.user.type(field, 'ovelace');
    expect(
      screen.queryByText('Must contain at least 2 characters and only letters.'),
    ).not.toBeInTheDocument();
  });

  it("refuses an invalid form with 'Invalid Entry', focused, and sends nothing", async () => {
    const { app, api } = await open();
    await app.user.click(screen.getByRole('button', { name: 'Sign up' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Invalid Entry');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it("sends the sign-up once, shows 'Processing...', then Check Your Inbox", async () => {
    let release: (response: MockResponse) => void = () => {};
    const pending = () => new Promise<MockResponse>((resolve) => (release = resolve));
    const opened = await open(pending);
    await fillValid(opened);
    const button = screen.getByRole('button', { name: 'Sign up' });
    await opened.app.user.click(button);
    await opened.app.user.click(screen.getByRole('button', { name: 'Processing...' }));
    expect(opened.api.callsTo('POST /api/auth/register')).toHaveLength(1);
    expect(opened.api.callsTo('POST /api/auth/register')[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'Secret1!x',
      hostname: window.location.host,
    });
    release(json(201));
    const status = await screen.findByRole('status');
    expect(within(status).getByRole('heading', { name: 'Check Your Inbox' })).toBeInTheDocument();
    expect(status).toHaveTextContent(/spam/);
    expect(within(status).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it.each([
    ['409', json(409), 'Email is already taken'],
    [
      '400',
      json(400),
      'Email already exists. Please check your email inbox and spam folder for the confirmation.',
    ],
    ['500', json(500), 'Registration Failed'],
    ['no answer', NO_RESPONSE, 'No Server Response'],
  ])('shows the spec message for %s and focuses it', async (_case, answer, message) => {
    const opened = await open(answer);
    await fillValid(opened);
    await opened.app.user.click(screen.getByRole('button', { name: 'Sign up' }));
    const alert = await screen.findByText(message, { selector: '[role="alert"]' });
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('toasts that the confirmation was resent when the e-mail exists', async () => {
    const opened = await open(json(400));
    await fillValid(opened);
    await opened.app.user.click(screen.getByRole('button', { name: 'Sign up' }));
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    await within(toasts).findByText(
      "Email already exists. We've resent the confirmation email, check your spam folder too.",
    );
  });

  it('offers Google, the legal links and the way back to log in', async () => {
    await open();
    expect(screen.getByText('Or continue with')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Google' })).toHaveAttribute('href', '/api/auth/google');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'ETF Replicator' })).toHaveAttribute('href', '/');
  });
});
