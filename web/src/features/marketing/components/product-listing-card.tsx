import { publicSite } from '@/config/public-site';

/**
 * The footer's product-listing card. It is drawn here rather than embedded from the listing site, so the page
 * loads nothing from third parties and works offline; the link leads to the listing.
 */
export const ProductListingCard = () => (
  <a
    href={publicSite.productListingUrl}
    target="_blank"
    rel="noopener noreferrer"
    className="flex max-w-xs items-center gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
  >
    <span
      aria-hidden="true"
      className="grid size-10 shrink-0 place-items-center rounded-full bg-orange-500 text-lg font-bold text-white"
    >
      P
    </span>
    <span className="text-sm">
      <span className="block text-xs font-medium tracking-wide text-slate-500 uppercase">Find us on</span>
      <span className="block font-semibold text-slate-900">Product Hunt</span>
      <span className="block text-slate-600">ETF Replicator: direct indexing for everyone</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </span>
  </a>
);
