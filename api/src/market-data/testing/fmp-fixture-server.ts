import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that replays recorded FMP responses (api/src/market-data/fixtures/fmp). Routes are keyed by
 * path, or by path and `symbol` ("/stable/etf/info?symbol=VOO"); each route answers its replies in order and
 * repeats the last one. Every request is recorded (with its query, apikey included) for assertions.
 */
export type FixtureReply = {
  readonly status?: number;
  /** A file under fixtures/fmp. */
  readonly fixture?: string;
  readonly body?: string;
  readonly headers?: Record<string, string>;
  /** Answers only once this settles: keeps a run busy for exactly as long as a test needs. */
  readonly heldUntil?: Promise<unknown>;
};

export type FixtureServer = {
  readonly baseUrl: string;
  readonly requests: { path: string; query: Record<string, string> }[];
  route(key: string, ...replies: FixtureReply[]): void;
  close(): Promise<void>;
};

const FIXTURES = new URL('../fixtures/fmp/', import.meta.url);

export const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');

export const startFmpFixtureServer = async (): Promise<FixtureServer> => {
  const routes = new Map<string, FixtureReply[]>();
  const requests: FixtureServer['requests'] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    const key = [`${url.pathname}?symbol=${query.symbol ?? ''}`, url.pathname].find((k) => routes.has(k));
    const replies = key ? routes.get(key) : undefined;
    const reply = (replies && replies.length > 1 ? replies.shift() : replies?.[0]) ?? {
      status: 404,
      body: '{"Error Message": "No fixture for this call"}',
    };
    const answer = () => {
      response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      response.end(reply.fixture ? fixture(reply.fixture) : (reply.body ?? ''));
    };
    if (reply.heldUntil) void reply.heldUntil.finally(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    route: (key, ...replies) => routes.set(key, [...replies]),
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
};
