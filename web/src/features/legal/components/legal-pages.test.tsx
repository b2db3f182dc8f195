import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';

const openLegal = async (url: string, title: string) => {
  setSession();
  renderApp(url);
  await screen.findByRole('heading', { level: 1, name: title });
  return screen.getByRole('article');
};

describe('Legal pages', () => {
  it.each([
    ['/privacy-policy', 'Privacy Policy', 'Terms of Service', '/tos'],
    ['/tos', 'Terms of Service', 'Privacy Policy', '/privacy-policy'],
  ])(
    '%s has Back links to /landing, a cross-link and the contact e-mail',
    async (url, title, other, otherUrl) => {
      const article = await openLegal(url, title);
      const backLinks = within(article).getAllByRole('link', { name: 'Back' });
      expect(backLinks).toHaveLength(2);
      for (const link of backLinks) expect(link).toHaveAttribute('href', '/landing');
      expect(within(article).getByRole('link', { name: other })).toHaveAttribute('href', otherUrl);
      expect(within(article).getAllByRole('link', { name: 'support@etfreplicator.app' })[0]).toHaveAttribute(
        'href',
        'mailto:support@etfreplicator.app',
      );
    },
  );

  it('states the privacy facts of spec 2 §2', async () => {
    const article = await openLegal('/privacy-policy', 'Privacy Policy');
    expect(article).toHaveTextContent('operated by a company registered in Romania');
    expect(article).toHaveTextContent('Your data is stored in the European Union');
    expect(article).toHaveTextContent('at least 13 years old to use ETF Replicator, or 16 in Europe');
    expect(article).toHaveTextContent(
      'Anyone under 18 may use it only with the consent and supervision of a parent',
    );
  });

  it('states the terms of spec 2 §2', async () => {
    const article = await openLegal('/tos', 'Terms of Service');
    expect(within(article).getByRole('heading', { name: 'Not investment advice' })).toBeInTheDocument();
    expect(article).toHaveTextContent('operated by a company registered in Romania');
    expect(article).toHaveTextContent('It never executes trades');
    expect(article).toHaveTextContent('at least 13 years old, or 16 in Europe. If you are under 18');
    expect(article).toHaveTextContent('Refunds may be requested within 14 days of purchase');
    expect(article).toHaveTextContent('You can cancel at any time in your subscription settings');
    expect(article).toHaveTextContent('renew automatically every month on the date of the original purchase');
    expect(article).toHaveTextContent('must be served within one year');
    expect(article).toHaveTextContent(
      'governed by Romanian law, and the courts of Bucharest have jurisdiction',
    );
  });
});
