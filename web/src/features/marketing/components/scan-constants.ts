/** Spec 2 §9: the /scan welcome toast lives 8 s, 'Copied!' shows for 2 s, 40% off for the next 3 months. */
export const SCAN_TOAST_MS = 8000;
export const COPIED_LABEL_MS = 2000;
export const SCAN_PROMO = { code: 'SCAN40', percentOff: 40, months: 3 } as const;
