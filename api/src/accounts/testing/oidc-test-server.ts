import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in tells the app about the person signing in (OpenID userinfo claims). */
export type TestGoogleUser = {
  sub: string;
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
};

type PendingCode = {
  user: TestGoogleUser;
  redirectUri: string;
  challenge: string | undefined;
  clientId: string;
};

const readBody = async (request: IncomingMessage) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  return new URLSearchParams(body);
};

/**
 * A small OAuth2/OpenID authorization server on loopback, standing in for Google in tests: discovery, an
 * authorization endpoint that approves at once as `nextUser`, a token endpoint that checks the client credentials,
 * the redirect URI and the PKCE verifier, and userinfo. The real @fastify/oauth2 plugin talks to it over HTTP.
 */
export const startOidcTestServer = async ({
  clientId,
  clientSecret,
}: {
  clientId: string;
  clientSecret: string;
}) => {
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, TestGoogleUser>();
  const state = { nextUser: undefined as TestGoogleUser | undefined, tokenRequests: 0 };
  let issuer = '';

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const user = state.nextUser;
      if (!user || url.searchParams.get('client_id') !== clientId)
        return json(400, { error: 'invalid_request' });
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        user,
        redirectUri,
        clientId,
        challenge: url.searchParams.get('code_challenge') ?? undefined,
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      state.tokenRequests++;
      const form = await readBody(request);
      const basic = Buffer.from(
        (request.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      ).toString();
      const [id, secret] = basic.split(':').map(decodeURIComponent);
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const pkceOk = pending?.challenge === createHash('sha256').update(verifier).digest('base64url');
      if (
        id !== clientId ||
        secret !== clientSecret ||
        !pending ||
        !pkceOk ||
        pending.redirectUri !== form.get('redirect_uri')
      ) {
        return json(400, { error: 'invalid_grant' });
      }
      const accessToken = randomBytes(16).toString('hex');
      accessTokens.set(accessToken, pending.user);
      return json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
    }
    if (url.pathname === '/userinfo') {
      const user = accessTokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
      return user ? json(200, user) : json(401, { error: 'invalid_token' });
    }
    return json(404, { error: 'not_found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
