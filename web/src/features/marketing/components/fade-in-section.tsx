import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';

/**
 * A section that fades in the first time it scrolls into view. With reduced motion, or without
 * IntersectionObserver, it is simply shown.
 */
export const FadeInSection = ({ className, ...props }: ComponentProps<'section'>) => {
  const reducedMotion = usePrefersReducedMotion();
  const animate = !reducedMotion && typeof IntersectionObserver === 'function';
  const ref = useRef<HTMLElement>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!animate || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold: 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [animate]);

  return (
    <section
      ref={ref}
      data-visible={!animate || seen}
      className={cn(
        animate && 'transition duration-700 ease-out',
        animate && !seen && 'translate-y-6 opacity-0',
        className,
      )}
      {...props}
    />
  );
};
