import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';

const openLanding = async (url = '/landing') => {
  setSession();
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Replicate any ETF with individual stocks' });
  return app;
};

describe('Landing page', () => {
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('offers the top navigation of spec 1 §2.2', async () => {
    await openLanding();
    const nav = screen.getByRole('navigation', { name: 'Site' });
    expect(within(nav).getByRole('link', { name: 'Direct Indexing' })).toHaveAttribute(
      'href',
      '/directindexing',
    );
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '#faq');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  });

  it('scrolls to a section and moves focus there when an anchor is used', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const app = await openLanding();
    const nav = screen.getByRole('navigation', { name: 'Site' });
    await app.user.click(within(nav).getByRole('link', { name: 'FAQ' }));
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(faq);
    expect(faq).toHaveFocus();
  });

  it('shows four feature blurbs and the claims as the spec states them', async () => {
    await openLanding();
    const features = screen.getByRole('region', { name: 'Features' });
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(screen.getByText('0.00%')).toBeInTheDocument();
    expect(screen.getByText('0.03-0.90%')).toBeInTheDocument();
    expect(screen.getByText('1-2%')).toBeInTheDocument();
    expect(screen.getAllByText(/never trades for you and gives no investment advice/).length).toBeGreaterThan(
      0,
    );
  });

  it('links the tax savings claim to the page on how harvesting works and its limits', async () => {
    const app = await openLanding();
    const claim = screen.getByText('average tax savings per year from tax-loss harvesting').closest('li');
    expect(claim).not.toBeNull();
    const link = within(claim as HTMLElement).getByRole('link', {
      name: 'How harvesting works and its limits',
    });
    expect(link).toHaveAttribute('href', '/tax-loss-harvesting');
    await app.user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'Tax-loss harvesting' });
    expect(screen.getByText(/^Not tax advice\./)).toBeInTheDocument();
    expect(screen.getByText(/^US rules only/)).toBeInTheDocument();
    expect(screen.getByText(/bought within 30 days before or after the sale/)).toBeInTheDocument();
    expect(
      screen.getByText('The product never trades. You place every order at your own broker.'),
    ).toBeInTheDocument();
  });

  it('prices the four plans and marks only Growth as most popular', async () => {
    await openLanding();
    const pricing = screen.getByRole('region', { name: 'Pricing' });
    const plans = within(pricing).getAllByRole('article');
    expect(plans.map((plan) => within(plan).getByRole('heading').textContent)).toEqual([
      'Free',
      'Starter',
      'Growth',
      'Pro',
    ]);
    expect(plans.map((plan) => within(plan).getByText(/^\$\d+$/).textContent)).toEqual([
      '$0',
      '$19',
      '$39',
      '$59',
    ]);
    expect(within(pricing).getAllByText('Most popular')).toHaveLength(1);
    expect(within(plans[2]!).getByText('Most popular')).toBeInTheDocument();
    expect(within(plans[3]!).getByRole('list')).toHaveTextContent('Holdings updated daily');
    expect(within(plans[0]!).getByRole('list')).toHaveTextContent('No credit card required');
    expect(within(plans[1]!).getByRole('link', { name: 'Get Started with Starter' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('quotes two testimonials', async () => {
    await openLanding();
    const testimonials = screen.getByRole('region', { name: 'What investors say' });
    expect(within(testimonials).getAllByRole('figure')).toHaveLength(2);
  });

  it('answers nine questions in an accordion that opens one at a time', async () => {
    const app = await openLanding();
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    const questions = within(faq).getAllByRole('button');
    expect(questions).toHaveLength(9);
    for (const question of questions) expect(question).toHaveAttribute('aria-expanded', 'false');

    await app.user.click(within(faq).getByRole('button', { name: 'Is this investment advice?' }));
    expect(within(faq).getByRole('button', { name: 'Is this investment advice?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(faq).getByRole('region', { name: 'Is this investment advice?' })).toHaveTextContent(
      /It does not recommend what or when to invest/,
    );

    await app.user.click(within(faq).getByRole('button', { name: 'Where is my data stored?' }));
    expect(within(faq).getByRole('button', { name: 'Is this investment advice?' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(within(faq).getByRole('region', { name: 'Where is my data stored?' })).toHaveTextContent(
      /European Union/,
    );
  });

  it('links every footer entry of spec 1 §2.2 and shows the 2025 copyright', async () => {
    await openLanding('/');
    const footer = screen.getByRole('contentinfo');
    const link = (name: string | RegExp) => within(footer).getByRole('link', { name });
    expect(link('Support')).toHaveAttribute('href', 'mailto:support@etfreplicator.app');
    expect(link('Pricing')).toHaveAttribute('href', '#pricing');
    expect(link('Login')).toHaveAttribute('href', '/login');
    expect(link('Terms of service')).toHaveAttribute('href', '/tos');
    expect(link('Privacy policy')).toHaveAttribute('href', '/privacy-policy');
    expect(link('Feedback')).toHaveAttribute('href', '/feedback-noauth');
    expect(link(/Follow us on X/)).toHaveAttribute('target', '_blank');
    expect(link(/Product Hunt/)).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    expect(footer).toHaveTextContent('© 2025 ETF Replicator');
  });
});
