import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// Lazy route chunks are transformed on first use; on a busy two-core machine that can take a few seconds.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: scroll restoration and Radix popovers only need these to exist.
window.scrollTo = vi.fn() as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store; without this a new Toaster would replay the last test's toasts.
  toast.dismiss();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
