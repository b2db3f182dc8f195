import type { ComponentProps, MouseEvent } from 'react';
import { useScrollToSection } from '../hooks/use-scroll-to-section';

type Props = Omit<ComponentProps<'a'>, 'href'> & { section: string };

/** A link to a section of this page (`#id`), scrolled to smoothly unless reduced motion is asked for. */
export const SectionLink = ({ section, onClick, ...props }: Props) => {
  const scrollTo = useScrollToSection();
  return (
    <a
      href={`#${section}`}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        scrollTo(event);
        onClick?.(event);
      }}
      {...props}
    />
  );
};
