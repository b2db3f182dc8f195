import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { publicSite } from '@/config/public-site';
import { ProductListingCard } from './product-listing-card';
import { footerLinkClasses, PublicFooter } from './public-footer';
import { SectionLink } from './section-link';

/** The landing footer links of spec 1 §2.2. */
export const LandingFooter = () => (
  <PublicFooter aside={<ProductListingCard />}>
    <li>
      <a href={`mailto:${publicSite.contactEmail}`} className={footerLinkClasses}>
        Support
      </a>
    </li>
    <li>
      <SectionLink section="pricing" className={footerLinkClasses}>
        Pricing
      </SectionLink>
    </li>
    <li>
      <Link to={paths.login} className={footerLinkClasses}>
        Login
      </Link>
    </li>
    <li>
      <Link to={paths.tos} className={footerLinkClasses}>
        Terms of service
      </Link>
    </li>
    <li>
      <Link to={paths.privacyPolicy} className={footerLinkClasses}>
        Privacy policy
      </Link>
    </li>
    <li>
      <Link to={paths.feedbackNoAuth} className={footerLinkClasses}>
        Feedback
      </Link>
    </li>
    <li>
      <a
        href={publicSite.socialProfileUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={footerLinkClasses}
      >
        Follow us on X<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </li>
  </PublicFooter>
);
