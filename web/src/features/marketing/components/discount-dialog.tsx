import { Dialog } from 'radix-ui';
import { useId, useRef, useState } from 'react';
import { Button, ButtonLink, buttonClasses } from '@/components/ui/button';
import { icons } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';
import { COPIED_LABEL_MS, SCAN_PROMO } from './scan-constants';

/** 'Get 40% Discount' and its modal: the promo code with a copy button ('Copied!' for 2 s) and the sign-up link. */
export const DiscountDialog = () => {
  const codeId = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const { copied, copy } = useCopyToClipboard(COPIED_LABEL_MS);
  const [copyFailed, setCopyFailed] = useState(false);

  const copyCode = async () => {
    const ok = await copy(SCAN_PROMO.code);
    setCopyFailed(!ok);
    if (!ok) codeRef.current?.select();
  };

  return (
    <Dialog.Root onOpenChange={() => setCopyFailed(false)}>
      <Dialog.Trigger className={buttonClasses('secondary', 'px-6 py-3 text-base')}>
        Get {SCAN_PROMO.percentOff}% Discount
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {icons.close}
          </Dialog.Close>
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {SCAN_PROMO.percentOff}% off for {SCAN_PROMO.months} months
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            Thanks for scanning our QR code. Use this promo code at checkout to get {SCAN_PROMO.percentOff}%
            off any paid plan for the next {SCAN_PROMO.months} months.
          </Dialog.Description>
          <label htmlFor={codeId} className="mt-5 block text-sm font-medium text-slate-800">
            Promo code
          </label>
          <div className="mt-1.5 flex gap-2">
            <input
              id={codeId}
              ref={codeRef}
              readOnly
              value={SCAN_PROMO.code}
              className="block w-full rounded-md bg-slate-50 px-3 py-2 font-mono text-lg font-semibold tracking-widest text-slate-900 ring-1 ring-slate-300 ring-inset"
            />
            <Button variant="secondary" onClick={copyCode} className="min-w-24">
              {copied ? 'Copied!' : 'Copy'}
            </Button>
          </div>
          <p aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-600">
            {copied && 'Promo code copied to the clipboard.'}
            {copyFailed && 'Copying is blocked here: the code is selected, copy it with your keyboard.'}
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <ButtonLink to={paths.register}>Sign Up &amp; Save {SCAN_PROMO.percentOff}%</ButtonLink>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};
