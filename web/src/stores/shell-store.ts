import { create } from 'zustand';

/** UI state of the signed-in shell (spec 1 §4: sidebar collapsed/expanded on desktop, open/closed below 1024 px). */
type ShellStore = {
  collapsed: boolean;
  mobileOpen: boolean;
  toggleCollapsed: () => void;
  setMobileOpen: (open: boolean) => void;
};

export const useShell = create<ShellStore>()((set) => ({
  collapsed: false,
  mobileOpen: false,
  toggleCollapsed: () => set((state) => ({ collapsed: !state.collapsed })),
  setMobileOpen: (mobileOpen) => set({ mobileOpen }),
}));
