import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';

export const textLinkClasses =
  'font-semibold text-indigo-700 underline-offset-2 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 rounded-sm';

export const TextLink = ({ className, ...props }: ComponentProps<typeof Link>) => (
  <Link className={cn(textLinkClasses, className)} {...props} />
);
