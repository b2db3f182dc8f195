import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { SCAN_TOAST_MS } from '../components/scan-constants';
import { prefersReducedMotion } from './use-prefers-reduced-motion';

const fireConfetti = async () => {
  const { default: confetti } = await import('canvas-confetti');
  await confetti({ particleCount: 140, spread: 80, origin: { y: 0.3 }, disableForReducedMotion: true });
};

/** On arrival from the QR code: the 'QR Code Scanned' toast (8 s) and, unless reduced motion is asked for, confetti. */
export const useScanWelcome = () => {
  const welcomed = useRef(false);
  useEffect(() => {
    if (welcomed.current) return;
    welcomed.current = true;
    toast.success('QR Code Scanned', {
      id: 'qr-code-scanned',
      description: 'Welcome! Try the live demo below.',
      duration: SCAN_TOAST_MS,
    });
    if (!prefersReducedMotion()) {
      fireConfetti().catch((error: unknown) => console.warn('Confetti could not start:', error));
    }
  }, []);
};
