import { useCallback, useEffect, useState } from 'react';

/** Copies text; `copied` stays true for `resetAfterMs`. Resolves false when the browser refuses the clipboard. */
export const useCopyToClipboard = (resetAfterMs: number) => {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), resetAfterMs);
    return () => clearTimeout(timer);
  }, [copied, resetAfterMs]);
  const copy = useCallback(async (text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      return true;
    } catch {
      return false;
    }
  }, []);
  return { copied, copy };
};
