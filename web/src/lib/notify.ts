import { toast } from 'sonner';

/** Spec 2 §4/§9: toasts hide after 5 seconds. */
export const TOAST_DURATION_MS = 5_000;

export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_DURATION_MS }),
  error: (message: string, description?: string) =>
    toast.error(message, { duration: TOAST_DURATION_MS, ...(description ? { description } : {}) }),
};
