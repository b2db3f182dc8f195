import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the emulator received: the form fields flattened as Stripe's SDK encodes them (`metadata[userId]`). */
export type EmulatedRequest = {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey?: string;
};

export type StripeEmulator = {
  readonly url: string;
  /** Environment for createTestApp: Stripe mode pointed at this emulator. */
  readonly env: Record<string, string>;
  readonly webhookSecret: string;
  readonly customers: Map<string, Record<string, unknown>>;
  readonly subscriptions: Map<string, Record<string, unknown>>;
  readonly charges: Map<string, Record<string, unknown>>;
  readonly requests: EmulatedRequest[];
  /** Makes every call answer 500 (the provider is down) until switched back. */
  failing: boolean;
  close(): Promise<void>;
};

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_emulated' });
  response.end(JSON.stringify(body));
};

const missing = (response: ServerResponse, what: string, id: string) =>
  json(response, 404, {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` },
  });

const readForm = async (request: IncomingMessage): Promise<Record<string, string>> => {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return Object.fromEntries(new URLSearchParams(body));
};

/**
 * A small local stand-in for the few Stripe API endpoints billing calls (customers, customer sessions, portal
 * sessions, subscription and charge reads, subscription cancel). Tests point the real SDK at it (host/port/protocol)
 * and seed subscriptions and charges directly, as Stripe would hold them.
 */
export const startStripeEmulator = async (): Promise<StripeEmulator> => {
  const customers = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const charges = new Map<string, Record<string, unknown>>();
  const requests: EmulatedRequest[] = [];
  const customersByKey = new Map<string, string>();
  let counter = 0;
  let url = '';

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const form = await readForm(request);
    const key = request.headers['idempotency-key'];
    requests.push({
      method: request.method ?? 'GET',
      path,
      form,
      ...(typeof key === 'string' && !key.startsWith('stripe-node-retry') ? { idempotencyKey: key } : {}),
    });
    if (emulator.failing)
      return json(response, 500, { error: { type: 'api_error', message: 'Emulated outage' } });
    const [, version, resource, id] = path.split('/');
    if (version !== 'v1') return missing(response, 'route', path);
    const route = `${request.method} ${resource}${id ? '/:id' : ''}`;
    switch (route) {
      case 'POST customers': {
        const existing = typeof key === 'string' ? customersByKey.get(key) : undefined;
        if (existing) return json(response, 200, customers.get(existing));
        const customer = {
          id: `cus_emu_${++counter}`,
          object: 'customer',
          email: form.email ?? null,
          metadata: form['metadata[userId]'] ? { userId: form['metadata[userId]'] } : {},
        };
        customers.set(customer.id, customer);
        if (typeof key === 'string') customersByKey.set(key, customer.id);
        return json(response, 200, customer);
      }
      case 'GET customers/:id': {
        const customer = customers.get(id as string);
        return customer ? json(response, 200, customer) : missing(response, 'customer', id as string);
      }
      case 'POST customer_sessions':
        return json(response, 200, {
          object: 'customer_session',
          client_secret: `cuss_secret_for_${form.customer}`,
          customer: form.customer,
          expires_at: Math.floor(Date.now() / 1000) + 1800,
          livemode: false,
        });
      case 'POST billing_portal/:id': {
        const session = `bps_emu_${++counter}`;
        return json(response, 200, {
          id: session,
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url,
          url: `${url}/portal/${session}`,
        });
      }
      case 'GET subscriptions/:id': {
        const subscription = subscriptions.get(id as string);
        return subscription
          ? json(response, 200, subscription)
          : missing(response, 'subscription', id as string);
      }
      case 'DELETE subscriptions/:id': {
        const subscription = subscriptions.get(id as string);
        if (!subscription) return missing(response, 'subscription', id as string);
        const canceled = { ...subscription, status: 'canceled' };
        subscriptions.set(id as string, canceled);
        return json(response, 200, canceled);
      }
      case 'GET charges/:id': {
        const charge = charges.get(id as string);
        return charge ? json(response, 200, charge) : missing(response, 'charge', id as string);
      }
      default:
        return missing(response, 'route', path);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const webhookSecret = 'whsec_emulated_test_secret';
  const emulator: StripeEmulator = {
    url,
    webhookSecret,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_emulated',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_emulated',
      STRIPE_PRICING_TABLE_ID: 'prctbl_emulated',
      STRIPE_PRICE_PLANS: 'price_starter:STARTER,price_growth:GROWTH,price_pro:PRO',
      STRIPE_API_URL: url,
    },
    customers,
    subscriptions,
    charges,
    requests,
    failing: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return emulator;
};
