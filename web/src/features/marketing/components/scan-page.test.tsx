import { screen, waitFor, within } from '@testing-library/react';
import confetti from 'canvas-confetti';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';

vi.mock('canvas-confetti', () => ({ default: vi.fn(async () => undefined) }));

const reducedMotion = (reduce: boolean) =>
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: reduce, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );

const openScan = async () => {
  setSession();
  const app = renderApp('/scan');
  await screen.findByRole('heading', { level: 1, name: 'Copy any ETF, stock by stock' });
  return app;
};

describe('/scan', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(confetti).mockClear();
  });

  it('welcomes the visitor with the QR Code Scanned toast for 8 seconds and confetti', async () => {
    reducedMotion(false);
    const success = vi.spyOn(toast, 'success');
    await openScan();
    expect(await screen.findByText('QR Code Scanned')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('QR Code Scanned', expect.objectContaining({ duration: 8000 }));
    await waitFor(() => expect(confetti).toHaveBeenCalledTimes(1));
  });

  it('fires no confetti when reduced motion is asked for', async () => {
    reducedMotion(true);
    await openScan();
    expect(await screen.findByText('QR Code Scanned')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(confetti).not.toHaveBeenCalled();
  });

  it('offers the hero buttons, the demo, how it works and a closing call to action', async () => {
    await openScan();
    expect(screen.getByRole('link', { name: 'Try It Free' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'See How It Works' })).toHaveAttribute(
      'href',
      '#try-it-yourself',
    );
    expect(screen.getByRole('region', { name: 'Try It Yourself' })).toHaveAttribute('id', 'try-it-yourself');
    expect(screen.getByRole('combobox', { name: 'ETF ticker' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'How it works' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Create Your Free Account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('opens the 40% discount with a promo code that copies and says Copied!', async () => {
    const app = await openScan();
    await app.user.click(screen.getByRole('button', { name: 'Get 40% Discount' }));
    const dialog = screen.getByRole('dialog', { name: '40% off for 3 months' });
    expect(dialog).toHaveTextContent('40% off any paid plan for the next 3 months');
    expect(within(dialog).getByRole('textbox', { name: 'Promo code' })).toHaveValue('SCAN40');
    expect(within(dialog).getByRole('link', { name: 'Sign Up & Save 40%' })).toHaveAttribute(
      'href',
      '/register',
    );

    await app.user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('SCAN40');
    expect(dialog).toHaveTextContent('Promo code copied to the clipboard.');

    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get 40% Discount' })).toHaveFocus();
  });
});
