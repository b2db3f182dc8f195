import { api } from '@/lib/api-client';

export type PortalKind = 'portal' | 'update';

const endpoints: Record<PortalKind, string> = {
  portal: '/api/billing/create-customer-portal-session',
  update: '/api/billing/update-subscription-redirect',
};

/** The portal URL as JSON (the signed-in page's way, used when a form post arrived without a valid token). */
export const getPortalUrl = async (kind: PortalKind, userId: string): Promise<string> =>
  (await api.post<{ url: string }>(endpoints[kind], { userId })).url;

export const portalFormAction = (kind: PortalKind): string => endpoints[kind];
