import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MarketingFrame } from '@/components/layouts/marketing-frame';
import { PageTitle } from '@/components/ui/page-title';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { publicSite } from '@/config/public-site';

const BackLink = () => (
  <Link
    to={paths.landing}
    className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
  >
    <span aria-hidden="true">←</span> Back
  </Link>
);

/** The support address from configuration, as a mail link. */
export const ContactEmail = () => (
  <a
    href={`mailto:${publicSite.contactEmail}`}
    className="font-semibold text-indigo-700 underline-offset-2 hover:underline"
  >
    {publicSite.contactEmail}
  </a>
);

/** Frame of /privacy-policy and /tos: Back links to /landing, the title, the text and a cross-link. */
export const LegalPage = ({
  title,
  other,
  children,
}: {
  title: string;
  other: { label: string; to: string };
  children: ReactNode;
}) => (
  <MarketingFrame>
    <PageTitle title={title} />
    <article className="mx-auto max-w-3xl px-4 py-10 text-slate-700 sm:py-14 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:mt-1 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
      <BackLink />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="text-sm text-slate-500">Last updated: 2025</p>
      {children}
      <p className="mt-10 border-t border-slate-200 pt-6">
        See also our <TextLink to={other.to}>{other.label}</TextLink>. Questions? Write to <ContactEmail />.
      </p>
      <p className="mt-6">
        <BackLink />
      </p>
    </article>
  </MarketingFrame>
);
