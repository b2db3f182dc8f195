import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const subscribe = (onChange: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};

/** True when the visitor asked for less motion, or when the browser cannot tell us (then we stay still). */
export const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia !== 'function' || window.matchMedia(QUERY).matches;

export const usePrefersReducedMotion = (): boolean =>
  useSyncExternalStore(subscribe, prefersReducedMotion, () => true);
