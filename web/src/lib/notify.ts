import { toast } from 'sonner';

/** Spec 2 §4/§9: toasts hide after 5 seconds. */
export const TOAST_DURATION_MS = 5_000;

/** An error raised this recently still belongs to the page being opened (raised, then navigated). */
export const ERROR_GRACE_MS = 1_000;

/** Error toasts still on screen, with when they were raised. */
const openErrors = new Map<string | number, number>();

export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_DURATION_MS }),
  error: (message: string, description?: string) => {
    const id = toast.error(message, {
      duration: TOAST_DURATION_MS,
      ...(description ? { description } : {}),
      onDismiss: (t) => openErrors.delete(t.id),
      onAutoClose: (t) => openErrors.delete(t.id),
    });
    openErrors.set(id, Date.now());
    return id;
  },
};

/**
 * Issue 15: an error belongs to the page that raised it. On navigation, errors older than the grace period are
 * dismissed (a failed sign-in's toast no longer sits over the page after a successful one); successes stay.
 */
export const dismissStaleErrors = (now = Date.now()): void => {
  for (const [id, raisedAt] of openErrors) {
    if (now - raisedAt >= ERROR_GRACE_MS) {
      toast.dismiss(id);
      openErrors.delete(id);
    }
  }
};
