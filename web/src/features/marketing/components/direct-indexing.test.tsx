import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';

const openPage = async () => {
  setSession();
  const app = renderApp('/directindexing');
  await screen.findByRole('heading', { level: 1, name: 'Direct Indexing' });
  return app;
};

/** A browser that allows motion, with an IntersectionObserver the test triggers by hand. */
const allowMotion = () => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
  const callbacks: IntersectionObserverCallback[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return () =>
    act(() => {
      for (const callback of callbacks) {
        callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    });
};

const sections = () => document.querySelectorAll('main > section');

describe('/directindexing', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has every section of spec 2 §2 and its links', async () => {
    await openPage();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Try It Free' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(
      screen.getByRole('table', { name: 'Owning an ETF compared with direct indexing' }),
    ).toHaveTextContent('0.00% management fee');
    expect(screen.getByRole('heading', { name: 'What is Direct Indexing' })).toBeInTheDocument();
    const howItWorks = screen.getByRole('region', { name: 'How it works' });
    expect(within(howItWorks).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('region', { name: 'Make the index your own' })).toHaveTextContent(/ESG focus/);
    expect(screen.getByRole('link', { name: 'Get Started for Free' })).toHaveAttribute('href', '/register');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(within(footer).getByRole('link', { name: 'Direct Indexing' })).toHaveAttribute(
      'href',
      '/directindexing',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });

  it('shows every section at once when the browser asks for reduced motion', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
    );
    await openPage();
    expect(sections()).toHaveLength(6);
    for (const section of sections()) {
      expect(section).toHaveAttribute('data-visible', 'true');
      expect(section.className).not.toMatch(/opacity-0|transition/);
    }
  });

  it('fades sections in as they scroll into view', async () => {
    const scrollIntoView = allowMotion();
    await openPage();
    for (const section of sections()) {
      expect(section).toHaveAttribute('data-visible', 'false');
      expect(section).toHaveClass('opacity-0');
    }
    scrollIntoView();
    for (const section of sections()) {
      expect(section).toHaveAttribute('data-visible', 'true');
      expect(section).not.toHaveClass('opacity-0');
    }
  });
});
