import type { FastifyInstance, FastifyRequest } from 'fastify';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** Browser form posts (the spec's Manage Billing and Upgrade Now forms), parsed in the billing routes' scope only. */
export const acceptFormPosts = (app: FastifyInstance) => {
  app.addContentTypeParser(
    FORM_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
};

export const isFormPost = (request: FastifyRequest): boolean =>
  String(request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith(FORM_CONTENT_TYPE);
