import { billingMessages as m, webhookAnswerSchema } from '@etf-replicator/core/billing/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import type { BillingDeps } from '../../billing/billing-deps';
import { handleStripeEvent } from '../../billing/handle-stripe-event';
import { stripeEventSchema } from '../../billing/stripe-objects';
import { findReceipt, saveReceipt } from '../../billing/webhook-receipts';
import { badRequest } from '../../http/http-error';

const NUL_ESCAPE = Buffer.from('\\u0000');

/**
 * POST /api/billing/webhook: Stripe's events, verified against the raw body and the webhook secret (400 without a
 * valid Stripe-Signature, nothing recorded). A delivery already handled is answered from its receipt; unknown event
 * types are acknowledged (200) and ignored; a known type with a malformed object is a 400. The raw-body parser is
 * registered in this route's own scope, so JSON parsing elsewhere is untouched.
 * @see https://docs.stripe.com/webhooks#verify-events
 */
export const webhookRoute = async (
  app: FastifyInstance,
  { deps, stripe, webhookSecret }: { deps: BillingDeps; stripe: Stripe; webhookSecret: string },
) => {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/billing/webhook',
      {
        schema: {
          tags: ['billing'],
          summary: 'Stripe webhook (signed events)',
          response: { 200: webhookAnswerSchema },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || signature.trim() === '') throw badRequest(m.missingSignature);
        let verified: unknown;
        try {
          verified = stripe.webhooks.constructEvent(raw, signature, webhookSecret);
        } catch (error) {
          if (error instanceof Stripe.errors.StripeSignatureVerificationError)
            throw badRequest(m.invalidSignature);
          throw badRequest('Malformed event payload: not JSON');
        }
        // PostgreSQL's jsonb cannot hold U+0000; such an event could never be recorded.
        if (raw.includes(NUL_ESCAPE)) throw badRequest('Malformed event payload: NUL character');
        const envelope = stripeEventSchema.safeParse(verified);
        if (!envelope.success) {
          const issue = envelope.error.issues[0];
          throw badRequest(
            `Malformed event: ${issue?.path.join('.') || 'event'} ${issue?.message ?? 'is invalid'}`,
          );
        }
        const event = envelope.data;
        if (await findReceipt(deps.pool, event.id)) return { received: true as const, outcome: 'duplicate' };
        const result = await handleStripeEvent(deps, event);
        await saveReceipt(deps.pool, {
          eventId: event.id,
          type: event.type,
          userId: result.userId,
          outcome: result.reason ? `${result.outcome}: ${result.reason}` : result.outcome,
        });
        request.log.info(
          { stripeEvent: event.id, type: event.type, userId: result.userId, ...result },
          'stripe event handled',
        );
        return { received: true as const, outcome: result.outcome };
      },
    );
  });
};
