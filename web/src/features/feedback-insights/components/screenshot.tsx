import { Dialog as RadixDialog } from 'radix-ui';
import { useState } from 'react';
import { screenshotFailedMessage } from '../utils/format-feedback';

/** `url`: a signed API link or a data URL; undefined when the record's data could not make one. */
type Props = { url: string | undefined; n: number };

/**
 * One screenshot, loaded when its row is opened: a thumbnail that opens it full size in an overlay (Escape or Close shut it and focus returns to
 * the thumbnail), or 'Failed to render screenshot N' when its data is not a decodable image.
 */
export const Screenshot = ({ url, n }: Props) => {
  const [broken, setBroken] = useState(false);
  if (!url || broken) {
    return <p className="text-sm font-medium text-red-700">{screenshotFailedMessage(n)}</p>;
  }
  const label = `Screenshot ${n}`;
  return (
    <RadixDialog.Root>
      <RadixDialog.Trigger
        className="block overflow-hidden rounded-md ring-1 ring-slate-300 hover:ring-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
        aria-label={`Open ${label.toLowerCase()} full size`}
      >
        <img src={url} alt={label} className="h-28 w-auto object-cover" onError={() => setBroken(true)} />
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/80" />
        <RadixDialog.Content className="fixed inset-4 z-50 flex flex-col items-center justify-center gap-3 focus:outline-none">
          <RadixDialog.Title className="sr-only">{label}</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">
            Full-size screenshot. Press Escape to close.
          </RadixDialog.Description>
          <img
            src={url}
            alt={`${label}, full size`}
            className="max-h-[85vh] max-w-full rounded-lg bg-white shadow-2xl"
          />
          <RadixDialog.Close className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-900 shadow hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-400">
            Close
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
};
