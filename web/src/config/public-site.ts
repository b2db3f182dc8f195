declare global {
  interface ImportMetaEnv {
    readonly VITE_CONTACT_EMAIL?: string;
    readonly VITE_SOCIAL_PROFILE_URL?: string;
    readonly VITE_PRODUCT_LISTING_URL?: string;
  }
}

const orDefault = (value: string | undefined, fallback: string): string =>
  value !== undefined && value.trim() !== '' ? value.trim() : fallback;

/**
 * Public facts shown on the marketing and legal pages, fixed at build time (no endpoint carries public config).
 * Override with VITE_CONTACT_EMAIL (keep it equal to the server's CONTACT_EMAIL), VITE_SOCIAL_PROFILE_URL and
 * VITE_PRODUCT_LISTING_URL when running `npm run build -w web`.
 */
export const publicSite = {
  contactEmail: orDefault(import.meta.env.VITE_CONTACT_EMAIL, 'support@etfreplicator.app'),
  socialProfileUrl: orDefault(import.meta.env.VITE_SOCIAL_PROFILE_URL, 'https://x.com/etfreplicator'),
  productListingUrl: orDefault(
    import.meta.env.VITE_PRODUCT_LISTING_URL,
    'https://www.producthunt.com/products/etf-replicator',
  ),
} as const;
