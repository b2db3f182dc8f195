import { z } from 'zod';

export type OAuthEndpoints = {
  readonly authorizeHost: string;
  readonly authorizePath: string;
  readonly tokenHost: string;
  readonly tokenPath: string;
  readonly userinfoUrl: string;
};

/** Google's endpoints (https://accounts.google.com/.well-known/openid-configuration), fixed so start-up needs no network. */
export const GOOGLE_ENDPOINTS: OAuthEndpoints = {
  authorizeHost: 'https://accounts.google.com',
  authorizePath: '/o/oauth2/v2/auth',
  tokenHost: 'https://oauth2.googleapis.com',
  tokenPath: '/token',
  userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
};

const discoverySchema = z.object({
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
});

const split = (url: string) => {
  const parsed = new URL(url);
  return { host: parsed.origin, path: parsed.pathname };
};

/** Endpoints of another OpenID provider (GOOGLE_OAUTH_ISSUER: a local stand-in for tests and demos). */
export const discoverEndpoints = async (issuer: string): Promise<OAuthEndpoints> => {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(`OpenID discovery at ${url} answered ${response.status}`);
  const metadata = discoverySchema.parse(await response.json());
  const authorize = split(metadata.authorization_endpoint);
  const token = split(metadata.token_endpoint);
  return {
    authorizeHost: authorize.host,
    authorizePath: authorize.path,
    tokenHost: token.host,
    tokenPath: token.path,
    userinfoUrl: metadata.userinfo_endpoint,
  };
};

/** The OpenID userinfo claims we use. Google sends `email_verified` as a boolean. */
export const googleProfileSchema = z.object({
  sub: z.string().min(1),
  email: z.string().trim().toLowerCase().min(3),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});
export type GoogleProfile = z.infer<typeof googleProfileSchema>;

export const fetchGoogleProfile = async (
  userinfoUrl: string,
  accessToken: string,
): Promise<GoogleProfile> => {
  const response = await fetch(userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
  return googleProfileSchema.parse(await response.json());
};
