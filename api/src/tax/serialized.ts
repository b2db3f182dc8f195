import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text a route keeps in the ledger's memo (investor-ledger.ts): a long history's thousands of rows are
 * serialized once per ledger version, not on every read. The text was built from the route's contract types.
 */
export const sendJson = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);
