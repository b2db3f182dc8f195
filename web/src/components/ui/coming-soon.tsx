import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

/** An honest placeholder for a screen whose issue has not landed yet: its title and one line. */
export const ComingSoon = ({ title, children }: { title: string; children?: ReactNode }) => (
  <section className="mx-auto max-w-3xl px-4 py-10">
    <PageTitle title={title} />
    <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
    <p className="mt-3 text-slate-600">{children ?? 'This page is coming soon.'}</p>
  </section>
);
