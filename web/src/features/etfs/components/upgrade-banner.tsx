import { Button } from '@/components/ui/button';

/** 'Unlock All {n} Holdings' with 'Upgrade Now': a browser form POST of the userId (spec 2 §6, §7). */
export const UpgradeBanner = ({ total, userId }: { total: number; userId: string | undefined }) => (
  <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-indigo-50 p-4 ring-1 ring-indigo-200">
    <p className="font-semibold text-indigo-900">{`Unlock All ${total} Holdings`}</p>
    <form method="post" action="/api/billing/update-subscription-redirect">
      <input type="hidden" name="userId" value={userId ?? ''} />
      <Button type="submit">Upgrade Now</Button>
    </form>
  </div>
);
