import { isIP } from 'node:net';
import { z } from 'zod';
import { isTimeZone, parseDailySchedule } from '../market-data/refresh/daily-schedule';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const proxyKeywords = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (proxyKeywords.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * The proxies whose X-Forwarded-For is believed: a comma-separated list of addresses, CIDR ranges or proxy-addr's
 * `loopback` / `linklocal` / `uniquelocal`. Hop counts and `true` are refused: Fastify cannot check the peer for a
 * hop count, and `true` lets every client choose its own address (and so lift every per-IP limit).
 */
const trustProxy = optionalString.pipe(
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .refine(
      (entries) => entries.every(isProxyAddress),
      'must be a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1) or loopback / linklocal / uniquelocal; hop counts and "true" are not accepted',
    )
    .optional(),
);

const postgresUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\/.+/.test(value), 'must be a postgres:// or postgresql:// URL');

const eventStoreUrl = z
  .string()
  .trim()
  .refine(
    (value) => /^(kurrentdb|esdb|kdb)(\+discover)?:\/\/.+/.test(value),
    'must be a kurrentdb:// or esdb:// URL',
  );

/**
 * Every environment variable the server reads, with its default. The README's configuration table mirrors this
 * schema (a test keeps them in step).
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_URL: postgresUrl.optional().or(optionalString.pipe(z.undefined())),
  EVENTSTORE_URL: eventStoreUrl.optional().or(optionalString.pipe(z.undefined())),
  PUBLIC_APP_URL: optionalString.pipe(z.url().optional()),
  WEB_DIST_DIR: optionalString,
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ALLOWED_HOSTS: optionalString,
  CONTACT_EMAIL: optionalString.pipe(z.email().optional()),
  MAIL_FROM: optionalString,
  POSTMARK_SERVER_TOKEN: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_OAUTH_ISSUER: optionalString.pipe(z.url().optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString,
  FMP_API_KEY: optionalString,
  FMP_BASE_URL: optionalString.pipe(z.url().optional()),
  MARKET_REFRESH_CRON: z
    .string()
    .trim()
    .default('30 17 * * 1-5')
    .superRefine((value, context) => {
      if (value === 'off') return;
      try {
        parseDailySchedule(value, 'UTC');
      } catch (error) {
        context.addIssue({ code: 'custom', message: `${(error as Error).message} (or "off")` });
      }
    }),
  MARKET_REFRESH_TIME_ZONE: z
    .string()
    .trim()
    .default('America/New_York')
    .refine(isTimeZone, 'must be an IANA time zone such as America/New_York'),
  MARKET_REFRESH_CATCH_UP: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  FAULT_AFTER_APPEND_EVERY: z.coerce.number().int().min(0).default(0),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_PRICING_TABLE_ID: optionalString,
  STRIPE_PRICE_PLANS: optionalString,
  TRUST_PROXY: trustProxy,
  REFRESH_TOKEN_REUSE_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  READ_YOUR_WRITES_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  READY_MAX_LAG_SECONDS: z.coerce.number().min(0).default(30),
  IDEMPOTENCY_IN_FLIGHT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  TRACKING_SLOT_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  WEB_CONCURRENCY: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(64).optional()),
});

export type RawConfig = z.infer<typeof configSchema>;

/** Documentation for the README table, keyed like the schema. */
export const configDocs: Record<keyof RawConfig, string> = {
  NODE_ENV:
    '`development`, `test` or `production` (production requires real secrets and hides dev-only pages).',
  HOST: 'Interface the HTTP server binds to (`0.0.0.0` inside containers).',
  PORT: 'HTTP port; the web app and the API share it.',
  LOG_LEVEL: 'pino log level.',
  DATA_DIR:
    'Folder of the embedded PGlite database (used when `DATABASE_URL` is not set). Survives restarts.',
  DATABASE_URL: 'PostgreSQL server for the read models and, unless `EVENTSTORE_URL` is set, the event log.',
  EVENTSTORE_URL:
    'KurrentDB/EventStoreDB connection string (`kurrentdb://host:2113?tls=false`): puts the event log there.',
  PUBLIC_APP_URL: 'The URL users reach the app at (links in e-mails). Default `http://localhost:PORT`.',
  WEB_DIST_DIR: 'Built web app to serve. Default `web/dist` in the repository.',
  JWT_SECRET:
    'Secret (≥ 32 characters) signing access tokens. Required in production; embedded mode keeps a generated one in DATA_DIR.',
  ALLOWED_HOSTS: 'Comma-separated hosts that e-mail links may point to, besides PUBLIC_APP_URL.',
  CONTACT_EMAIL: 'Support address shown on the legal pages and in e-mails.',
  MAIL_FROM: 'Sender of outgoing e-mail.',
  POSTMARK_SERVER_TOKEN:
    'Sends e-mail through Postmark; without it messages go to the outbox (dev mailbox at /api/dev/mailbox).',
  GOOGLE_CLIENT_ID:
    'Google sign-in client id (with GOOGLE_CLIENT_SECRET); without them Google sign-in is disabled.',
  GOOGLE_CLIENT_SECRET: 'Google sign-in client secret.',
  GOOGLE_OAUTH_ISSUER:
    "Another OpenID provider to use instead of Google's endpoints (read from its discovery document at start-up); tests point it at a local stand-in.",
  ADMIN_EMAIL: 'Ensures an administrator with this e-mail exists at start-up (with ADMIN_PASSWORD).',
  ADMIN_PASSWORD: 'Password for ADMIN_EMAIL when that account is created.',
  FMP_API_KEY:
    'Financial Modeling Prep key for `npm run market:refresh` and the scheduled refresh (MARKET_REFRESH_CRON); without it the bundled snapshot is used.',
  FMP_BASE_URL: 'Financial Modeling Prep API base URL.',
  MARKET_REFRESH_CRON:
    'When the server refreshes every recommended ETF from Financial Modeling Prep (only with `FMP_API_KEY`): `minute hour * * days-of-week` in MARKET_REFRESH_TIME_ZONE (default 17:30 Monday–Friday, after the US close), or `off`. One instance runs each run when several share a database.',
  MARKET_REFRESH_TIME_ZONE: 'IANA time zone MARKET_REFRESH_CRON is read in.',
  FAULT_AFTER_APPEND_EVERY:
    'Testing only (refused in production): every N-th append is committed and then reported as failed; the crash test checks that retries record it once. 0 = off.',
  MARKET_REFRESH_CATCH_UP:
    '`on`: at start, a scheduled run missed in the last 4 days (no instance was up, or another run held the lease) runs once; `off`: only future runs.',
  STRIPE_SECRET_KEY: 'Stripe secret key; without Stripe settings billing runs in local test mode.',
  STRIPE_WEBHOOK_SECRET: 'Stripe webhook signing secret.',
  STRIPE_PUBLISHABLE_KEY: 'Stripe publishable key for the embedded pricing table.',
  STRIPE_PRICING_TABLE_ID: 'Stripe pricing table id.',
  STRIPE_PRICE_PLANS: 'Stripe price id → plan map, e.g. `price_123:STARTER,price_456:GROWTH,price_789:PRO`.',
  TRUST_PROXY:
    'Proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDR ranges, or loopback). Off by default: set it only when a reverse proxy sits in front, or clients can pick their own IP and escape per-IP limits.',
  REFRESH_TOKEN_REUSE_GRACE_MS:
    'A rotated refresh token presented again within this many ms (a reload racing its own refresh) gets a successor instead of ending the sign-in.',
  READ_YOUR_WRITES_WAIT_MS:
    'How long a command waits for the read models it changed before answering; past it, the answer may not show the change yet.',
  STRIPE_API_URL:
    "Another Stripe API base URL instead of Stripe's (the official SDK is pointed at it); tests use a local stand-in.",
  METRICS_TOKEN:
    'Bearer token (≥ 16 characters) that `GET /metrics` requires. Without it `/metrics` answers only outside production.',
  READY_MAX_LAG_SECONDS:
    '`GET /api/health/ready` answers 503 while a projection trails the log by more than this many seconds (or is failing).',
  IDEMPOTENCY_IN_FLIGHT_SECONDS:
    'A request with an Idempotency-Key still unanswered after this many seconds is taken as cut off (a crash): the next retry with the key completes it from the event log instead of answering 409.',
  TRACKING_SLOT_TTL_SECONDS:
    'A tracking slot reserved this many seconds ago whose tracking was never created (a crash cut the creation) is released. Slots are reconciled at start-up and every minute (or every TTL, if shorter).',
  WEB_CONCURRENCY:
    'Server processes behind the one port (node:cluster), with DATABASE_URL; default one per core. The embedded database always runs one.',
};
