import { Badge } from '@/components/ui/badge';

const LABELS = { SHORT: 'Short term', LONG: 'Long term', UNKNOWN: 'Term unknown' } as const;

/** Short term (held a year or less), long term (more than a year), or unknown (no acquisition date), in words. */
export const TermBadge = ({ term }: { term: keyof typeof LABELS }) => (
  <Badge tone={term === 'LONG' ? 'indigo' : term === 'UNKNOWN' ? 'amber' : 'slate'}>{LABELS[term]}</Badge>
);
