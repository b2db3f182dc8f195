import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { ERROR_GRACE_MS, notify } from './notify';

describe('toasts (issue 15)', () => {
  it('drops an error toast when its page is left, keeps a fresh one and every success', async () => {
    setSession();
    // Load the page left to below first: its code loading later could outlast the toasts' real 5 s on a busy machine.
    const app = renderApp('/register');
    await screen.findByRole('heading', { level: 1 });
    await act(() => app.router.navigate('/login'));
    await screen.findByRole('button', { name: 'Sign in' });
    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start);
    act(() => {
      notify.error('Login Failed');
      notify.success('Saved');
    });
    await screen.findByText('Login Failed');

    now.mockReturnValue(start + ERROR_GRACE_MS + 1);
    act(() => notify.error('Raised just before leaving'));
    await act(() => app.router.navigate('/register'));
    await waitFor(() => expect(screen.queryByText('Login Failed')).not.toBeInTheDocument());
    expect(screen.getByText('Raised just before leaving')).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });
});
