import { Badge } from '@/components/ui/badge';

/** Short term (held a year or less) or long term (more than a year), in words. */
export const TermBadge = ({ term }: { term: 'SHORT' | 'LONG' }) => (
  <Badge tone={term === 'LONG' ? 'indigo' : 'slate'}>{term === 'LONG' ? 'Long term' : 'Short term'}</Badge>
);
