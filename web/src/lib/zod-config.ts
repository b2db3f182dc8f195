import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` unless told not to; the app's Content-Security-Policy forbids
 * eval (script-src has no 'unsafe-eval'), so the probe alone would report a violation. Imported first by main.tsx,
 * before any schema is built (zod reads this when a schema is created).
 */
z.config({ jitless: true });
