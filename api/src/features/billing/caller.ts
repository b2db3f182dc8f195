import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessTokenClaimsSchema, type SessionUser, sessionUserFromClaims } from '../../auth/session-user';

/**
 * Who is calling a route a browser form may post to: the bearer header of an API call, else the access token the
 * page put in a hidden field (a form post cannot send headers). Undefined when neither is valid.
 */
export const callerOf = async (
  app: FastifyInstance,
  request: FastifyRequest,
  formToken: string | undefined,
): Promise<SessionUser | undefined> => {
  if (request.headers.authorization) {
    try {
      await request.jwtVerify();
    } catch {
      return undefined;
    }
    return app.checkSession(request.user);
  }
  if (!formToken) return undefined;
  let user: SessionUser;
  try {
    user = sessionUserFromClaims(accessTokenClaimsSchema.parse(app.jwt.verify(formToken)));
  } catch {
    return undefined;
  }
  return app.checkSession(user);
};
