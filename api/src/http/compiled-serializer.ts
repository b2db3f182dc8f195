import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * For the hottest routes: the response's zod schema turned into JSON Schema once and compiled by Fastify's own
 * fast-json-stringify, instead of the zod provider's parse-then-JSON.stringify on every answer. The answers come
 * from our own read models (already shaped by the contract); a required field that is missing still fails loudly.
 */
export const compiledSerializerCompiler = <Schema>({ schema }: { schema: Schema }) =>
  fastJson(
    // Route-level compilers receive the route's own response schema: a zod schema on every route of this API.
    z.toJSONSchema(schema as z.ZodType, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as never,
  );
