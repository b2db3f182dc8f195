import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';

describe('Forgot password', () => {
  it('keeps Send Reset Link disabled until the e-mail is valid', async () => {
    setSession();
    const app = renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Reset Your Password' });
    const button = screen.getByRole('button', { name: 'Send Reset Link' });
    expect(button).toBeDisabled();
    await app.user.type(screen.getByLabelText('Email'), 'ada@exa');
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
    await app.user.type(screen.getByLabelText('Email'), 'mple.com');
    expect(button).toBeEnabled();
  });

  it('names the address in the Check Your Inbox view', async () => {
    setSession();
    const api = mockApi({ 'POST /api/auth/forgot-password': json(200) });
    const app = renderApp('/forgot-password');
    await app.user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByRole('heading', { name: 'Check Your Inbox' })).toBeInTheDocument();
    expect(status).toHaveTextContent('ada@example.com');
    expect(within(status).getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(api.calls[0]?.body).toEqual({ email: 'ada@example.com', hostname: window.location.host });
  });

  it('only logs a failure', async () => {
    setSession();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'POST /api/auth/forgot-password': json(500) });
    const app = renderApp('/forgot-password');
    await app.user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
