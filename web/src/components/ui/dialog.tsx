import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Content beyond one paragraph (lists, tables): the description renders as a <p>. */
  body?: ReactNode;
  children: ReactNode;
  /** A wider panel (up to 42rem) for forms with several fields per row; still the screen minus 2rem on a phone. */
  wide?: boolean;
};

/** A modal dialog (focus trapped, Escape closes, focus returns to the opener). `children` are its actions. */
export const Dialog = ({ open, onOpenChange, title, description, body, children, wide }: Props) => (
  <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
      <RadixDialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none',
          wide ? 'max-w-2xl' : 'max-w-md',
        )}
      >
        <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
        <RadixDialog.Description className="mt-2 text-sm text-slate-600">
          {description}
        </RadixDialog.Description>
        {body && <div className="mt-4 text-sm text-slate-700">{body}</div>}
        <div className="mt-6 flex flex-wrap justify-end gap-3">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  </RadixDialog.Root>
);

export const DialogClose = RadixDialog.Close;
