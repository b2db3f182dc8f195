import { type MouseEvent, useCallback } from 'react';
import { prefersReducedMotion } from './use-prefers-reduced-motion';

/**
 * Click handler for in-page anchors (`href="#pricing"`): scrolls smoothly unless reduced motion is asked for, and
 * moves keyboard focus to the section so the next Tab continues from there. The URL is left alone, so the router
 * does not treat the jump as a navigation.
 */
export const useScrollToSection = () =>
  useCallback((event: MouseEvent<HTMLAnchorElement>) => {
    const id = event.currentTarget.hash.slice(1);
    const target = id ? document.getElementById(id) : null;
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  }, []);
