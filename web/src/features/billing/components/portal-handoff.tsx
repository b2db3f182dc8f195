import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { browser } from '@/lib/browser';
import { getPortalUrl, type PortalKind } from '../api/open-portal';
import { BillingError } from './billing-error';

/**
 * Finishes a portal form post that reached the server without a valid access token (e.g. the 'Upgrade Now' form,
 * which carries only userId): asks for the portal URL as a signed-in call and goes there.
 */
export const PortalHandoff = ({ kind, userId }: { kind: PortalKind; userId: string }) => {
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    getPortalUrl(kind, userId)
      .then((url) => (url.startsWith('/') ? navigate(url, { replace: true }) : browser.assign(url)))
      .catch(setError);
  }, [kind, userId, navigate]);
  return error ? <BillingError error={error} /> : <Spinner label="Opening the billing portal…" />;
};
