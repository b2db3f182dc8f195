import { ButtonLink } from '@/components/ui/button';
import { DocumentTitle } from '@/components/ui/page-title';
import { LANDING_TITLE } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { Faq } from './faq';
import { FeatureBlurbs } from './feature-blurbs';
import { LandingFooter } from './landing-footer';
import { LandingHero } from './landing-hero';
import { PricingGrid } from './pricing-grid';
import { type NavItem, PublicHeader } from './public-header';
import { Testimonials } from './testimonials';

const nav: NavItem[] = [
  { label: 'Direct Indexing', to: paths.directIndexing },
  { label: 'Features', anchor: 'features' },
  { label: 'Pricing', anchor: 'pricing' },
  { label: 'FAQ', anchor: 'faq' },
];

/** The signed-out home page (spec 1 §2.2), at / for visitors and at /landing. */
export const Landing = () => (
  <div className="min-h-screen bg-white">
    <DocumentTitle>{LANDING_TITLE}</DocumentTitle>
    <PublicHeader
      nav={nav}
      actions={
        <>
          <ButtonLink to={paths.login} variant="ghost">
            Log In
          </ButtonLink>
          <ButtonLink to={paths.register}>Get Started</ButtonLink>
        </>
      }
    />
    <main>
      <LandingHero />
      <FeatureBlurbs />
      <PricingGrid />
      <Testimonials />
      <Faq />
    </main>
    <LandingFooter />
  </div>
);
