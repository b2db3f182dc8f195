import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

export type Answer = {
  readonly status: number;
  readonly body: string;
  /** The server answered from its stored answer (Idempotent-Replayed). */
  readonly replayed?: boolean;
};
export type CommandKind = 'create' | 'order' | 'delete';

/** One command a client sent, with one Idempotency-Key however often it was retried. */
export type SentCommand = {
  readonly userId: string;
  readonly key: string;
  readonly kind: CommandKind;
  readonly method: 'POST' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
  readonly trackingId?: string;
  /** The answer it resolved to (not a 409 "still being processed", not a 5xx, not a cut connection). */
  final?: Answer;
  /** An attempt ended without an answer (the server was killed under it), or met its own cut-off twin (409). */
  cutOff: boolean;
  /** Cut off and never retried (a client that gave up): its outcome is whatever the log says. */
  abandoned: boolean;
  attempts: number;
};

/**
 * trader: PRO, keeps two trackings and records orders on them; cycler: Free (one tracking), creates, records two
 * orders, deletes, again; abandoner: Free, creates and deletes and walks away from whatever a kill cuts off, so
 * only the slot reconciler can tidy up after it.
 */
export type Role = 'trader' | 'cycler' | 'abandoner';

export type Client = {
  readonly userId: string;
  readonly token: string;
  readonly role: Role;
  readonly live: string[];
  readonly commands: SentCommand[];
  ordersOnCurrent: number;
};

export type LoadStats = { serverErrors: number; networkErrors: number; inFlight: number };

const create = (amount: string) => ({
  symbol: 'VOO',
  currentReplication: { targetInvestmentAmount: amount, investments: [], leftoverAmount: amount },
});

export const createLoad = (base: () => string) => {
  const stats: LoadStats = { serverErrors: 0, networkErrors: 0, inFlight: 0 };

  /** The server was down: the request never reached it (unlike a connection cut while it was being answered). */
  const refused = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';

  const attempt = async (client: Client, command: SentCommand): Promise<Answer | 'refused' | undefined> => {
    stats.inFlight++;
    try {
      const response = await fetch(`${base()}${command.path}`, {
        method: command.method,
        headers: {
          authorization: `Bearer ${client.token}`,
          'idempotency-key': command.key,
          ...(command.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(command.body === undefined ? {} : { body: JSON.stringify(command.body) }),
        signal: AbortSignal.timeout(30_000),
      });
      return {
        status: response.status,
        body: await response.text(),
        replayed: response.headers.get('idempotent-replayed') === 'true',
      };
    } catch (error) {
      if (refused(error)) return 'refused';
      stats.networkErrors++;
      return undefined;
    } finally {
      stats.inFlight--;
    }
  };

  /** Sends until the command has its one answer; a client that abandons gives up at the first cut. */
  const send = async (
    client: Client,
    command: SentCommand,
    deadline: () => number,
  ): Promise<Answer | undefined> => {
    client.commands.push(command);
    for (;;) {
      command.attempts++;
      const answer = await attempt(client, command);
      if (answer === 'refused') {
        if (Date.now() > deadline()) return undefined;
        await sleep(100);
        continue;
      }
      const inFlight = answer?.status === 409 && answer.body.includes('still being processed');
      if (answer && !inFlight && answer.status < 500) {
        command.final = answer;
        return answer;
      }
      if (answer && answer.status >= 500) stats.serverErrors++;
      else command.cutOff = true;
      if (client.role === 'abandoner' && command.cutOff) {
        command.abandoned = true;
        return undefined;
      }
      if (Date.now() > deadline()) return undefined;
      await sleep(inFlight ? 300 : 150);
    }
  };

  const command = (
    client: Client,
    kind: CommandKind,
    method: 'POST' | 'DELETE',
    path: string,
    extra: { body?: unknown; trackingId?: string } = {},
  ): SentCommand => ({
    userId: client.userId,
    key: randomUUID(),
    kind,
    method,
    path,
    ...extra,
    cutOff: false,
    abandoned: false,
    attempts: 0,
  });

  const createTracking = async (client: Client, deadline: () => number) => {
    const answer = await send(
      client,
      command(client, 'create', 'POST', '/api/trackings', { body: create('100000') }),
      deadline,
    );
    if (answer?.status === 200) {
      client.live.push((JSON.parse(answer.body) as { trackingId: string }).trackingId);
      client.ordersOnCurrent = 0;
    } else if (answer?.status === 403 && client.role !== 'trader') {
      // A tracking (or a reservation) some cut-off request left: adopt what the list shows, or let the slot expire.
      const listed = await fetch(`${base()}/api/trackings/trackings-summary`, {
        headers: { authorization: `Bearer ${client.token}` },
      }).then(
        async (response) => (response.ok ? ((await response.json()) as { trackingId: string }[]) : []),
        () => [],
      );
      client.live.push(
        ...listed.map((tracking) => tracking.trackingId).filter((id) => !client.live.includes(id)),
      );
      if (listed.length === 0) await sleep(500);
    }
  };

  const deleteTracking = async (client: Client, trackingId: string, deadline: () => number) => {
    const path = `/api/trackings/${trackingId}`;
    const answer = await send(client, command(client, 'delete', 'DELETE', path, { trackingId }), deadline);
    if (answer?.status === 204 || answer?.status === 404 || client.role === 'abandoner') {
      client.live.splice(client.live.indexOf(trackingId), 1);
    }
  };

  const order = async (client: Client, trackingId: string, deadline: () => number) => {
    const orderType = Math.random() < 0.6 ? 'BUY' : 'SELL';
    const body = { symbol: 'AAPL', shares: '1', orderType };
    const path = `/api/trackings/${trackingId}/applyAdjustmentOrders`;
    await send(client, command(client, 'order', 'POST', path, { body, trackingId }), deadline);
    client.ordersOnCurrent++;
  };

  /** One client's next command, chosen by its role and what it holds. */
  const step = async (client: Client, deadline: () => number) => {
    const pick = client.live[Math.floor(Math.random() * client.live.length)];
    if (client.role === 'trader') {
      if (client.live.length < 2 || !pick) return createTracking(client, deadline);
      return Math.random() < 0.05 ? deleteTracking(client, pick, deadline) : order(client, pick, deadline);
    }
    if (!pick) return createTracking(client, deadline);
    if (client.role === 'cycler' && client.ordersOnCurrent < 2) return order(client, pick, deadline);
    return deleteTracking(client, pick, deadline);
  };

  /** Runs every client until `running()` turns false, then lets each finish (and resolve) what it has sent. */
  const run = async (clients: readonly Client[], running: () => boolean, deadline: () => number) => {
    await Promise.all(
      clients.map(async (client) => {
        while (running()) await step(client, deadline);
      }),
    );
  };

  /** Sends a resolved command once more with its key: it must answer the same, replayed. */
  const resend = async (client: Client, command: SentCommand) => {
    const answer = await attempt(client, command);
    return answer === 'refused' ? undefined : answer;
  };

  return { stats, run, resend };
};
