import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { answerFor } from '../http/error-status';

/**
 * One error handler for the whole API: `{ message }` with the right status, 400 naming the field for invalid input,
 * never a stack trace, and a JSON 404 for unknown /api routes.
 * @see https://fastify.dev/docs/latest/Reference/Server/#seterrorhandler
 */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const answer = answerFor(error);
      if (answer.status >= 500) {
        request.log.error({ err: error, url: request.url, method: request.method }, 'unhandled error');
      } else {
        request.log.info({ status: answer.status, message: answer.message }, 'request rejected');
      }
      return reply
        .status(answer.status)
        .headers(answer.headers ?? {})
        .send({ message: answer.message });
    });
  },
  { name: 'error-handler' },
);
