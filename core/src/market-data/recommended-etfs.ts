/** Spec 2 §9: the recommended ETFs, in the spec's order (the recommended screen and its ticker tape). */
export const RECOMMENDED_ETF_SYMBOLS = [
  'VOO',
  'SPY',
  'LEAD',
  'QQQ',
  'IVV',
  'VTI',
  'IWM',
  'DIA',
  'MTUM',
  'VUG',
  'QUAL',
] as const;
