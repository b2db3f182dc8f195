import { Dialog } from 'radix-ui';
import { icons } from '@/components/ui/icons';
import { useShell } from '@/stores/shell-store';
import { SidebarNav } from './sidebar-nav';

/** Below 1024 px the sidebar becomes a slide-over opened from the top bar. */
export const MobileNav = () => {
  const open = useShell((state) => state.mobileOpen);
  const setOpen = useShell((state) => state.setMobileOpen);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label="Open navigation"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
        >
          {icons.menu}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60 lg:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 bg-slate-900 px-3 py-4 shadow-xl focus:outline-none lg:hidden">
          <div className="flex items-center justify-between px-1">
            <Dialog.Title className="font-semibold text-white">ETF Replicator</Dialog.Title>
            <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
            <Dialog.Close
              aria-label="Close navigation"
              className="rounded-md p-1.5 text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400"
            >
              {icons.close}
            </Dialog.Close>
          </div>
          <SidebarNav onNavigate={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};
