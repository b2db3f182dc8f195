import { tooManyAttemptsMessage } from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error';

export type AttemptLimit = { readonly max: number; readonly timeWindowMs: number };

/**
 * A preHandler counting attempts per client IP and per account (the e-mail in the body), answering 429 with a
 * clear message and Retry-After once either is over its limit. Needs @fastify/rate-limit registered in scope.
 * Counters live in PostgreSQL (rate_limit_hits), shared by every instance.
 */
export const attemptLimiter = (
  app: FastifyInstance,
  name: string,
  { perIp, perAccount }: { perIp: AttemptLimit; perAccount?: AttemptLimit },
) => {
  const accountOf = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? email.trim().toLowerCase() : '';
  };
  const limiters = [
    app.createRateLimit({
      max: perIp.max,
      timeWindow: perIp.timeWindowMs,
      keyGenerator: (request) => `${name}:ip:${request.ip}`,
    }),
    ...(perAccount
      ? [
          app.createRateLimit({
            max: perAccount.max,
            timeWindow: perAccount.timeWindowMs,
            keyGenerator: (request) => `${name}:account:${accountOf(request)}`,
          }),
        ]
      : []),
  ];
  return async (request: FastifyRequest) => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds);
        throw new HttpError(429, tooManyAttemptsMessage(seconds), { 'retry-after': String(seconds) });
      }
    }
  };
};

const MINUTE = 60_000;
/**
 * Login: 30 per IP in 15 minutes (password spraying); per account it slows down instead (accounts/login-throttle).
 * Register (5 per account / 10 per IP), forgot-password and resend-confirmation (3 / 10) per hour.
 */
export const LIMITS = {
  login: {
    perIp: { max: 30, timeWindowMs: 15 * MINUTE },
  },
  register: {
    perIp: { max: 10, timeWindowMs: 60 * MINUTE },
    perAccount: { max: 5, timeWindowMs: 60 * MINUTE },
  },
  forgotPassword: {
    perIp: { max: 10, timeWindowMs: 60 * MINUTE },
    perAccount: { max: 3, timeWindowMs: 60 * MINUTE },
  },
  resendConfirmation: {
    perIp: { max: 10, timeWindowMs: 60 * MINUTE },
    perAccount: { max: 3, timeWindowMs: 60 * MINUTE },
  },
} as const;
