import { Badge } from '@/components/ui/badge';

const label = (plan: string): string => plan.charAt(0).toUpperCase() + plan.slice(1).toLowerCase();

/** Free when the token has no plan claim (spec 1 §4), else the plan's name. */
export const PlanBadge = ({ plan }: { plan: string | undefined }) =>
  plan ? <Badge tone="indigo">{label(plan)}</Badge> : <Badge>Free</Badge>;
