import type { RecommendedEtf } from '@etf-replicator/core/contracts/market-data';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

type Props = { etf: RecommendedEtf | undefined; onClose: () => void; children: ReactNode };

/** The 'Details' modal: ETF info, 'Replicate ETF' (only for an ETF that can be replicated) and 'Close' (spec 2 §2). */
export const EtfDetailsDialog = ({ etf, onClose, children }: Props) => (
  <RadixDialog.Root open={etf !== undefined} onOpenChange={(open) => !open && onClose()}>
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
      <RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none">
        <div className="border-b border-slate-100 p-6">
          <RadixDialog.Title className="text-lg font-semibold text-slate-900">
            {etf ? `${etf.name} (${etf.symbol})` : ''}
          </RadixDialog.Title>
          <RadixDialog.Description className="mt-1 text-sm text-slate-600">ETF info</RadixDialog.Description>
        </div>
        <div className="overflow-y-auto p-6">{children}</div>
        <div className="flex justify-end gap-3 border-t border-slate-100 p-4">
          <RadixDialog.Close asChild>
            <Button variant="secondary">Close</Button>
          </RadixDialog.Close>
          {etf?.replicable && <ButtonLink to={paths.newTrackingFor(etf.symbol)}>Replicate ETF</ButtonLink>}
        </div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  </RadixDialog.Root>
);
