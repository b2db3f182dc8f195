import { Button } from '@/components/ui/button';

/**
 * The wizard's submit button: disabled while something blocks it, described by the element that says what
 * (`reasonId`), and marked busy (still focusable) while it runs.
 */
export const WizardSubmit = ({
  label,
  busyLabel,
  busy,
  reasonId,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  reasonId: string | undefined;
}) => (
  <Button
    type="submit"
    className="w-full"
    disabled={reasonId !== undefined}
    aria-describedby={reasonId}
    aria-disabled={busy || undefined}
  >
    {busy ? busyLabel : label}
  </Button>
);
