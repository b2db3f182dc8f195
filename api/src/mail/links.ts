/**
 * Where links in e-mails point. The client sends the host it runs on; it is used only when it is PUBLIC_APP_URL's
 * host or listed in ALLOWED_HOSTS, so a forged request can never make us mail a link to an attacker's site.
 * ALLOWED_HOSTS entries are hosts (`app.example.com`, `localhost:5173`) or origins (`http://10.0.0.5:3000`).
 */
export type LinkBuilder = (
  hostname: string | undefined,
  path: string,
  query?: Record<string, string>,
) => string;

const isLocal = (host: string) => /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(host);

/** `https://App.example.com/x` or `App.example.com` → `app.example.com`. */
const hostOf = (value: string): string | undefined => {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).host.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
};

export const createLinkBuilder = ({
  publicAppUrl,
  allowedHosts,
}: {
  publicAppUrl: string;
  allowedHosts: string | undefined;
}): LinkBuilder => {
  const fallback = publicAppUrl.replace(/\/$/, '');
  const bases = new Map<string, string>();
  for (const entry of (allowedHosts ?? '').split(',').map((value) => value.trim())) {
    const host = entry ? hostOf(entry) : undefined;
    if (!host) continue;
    const origin = entry.includes('://')
      ? new URL(entry).origin
      : `${isLocal(host) ? 'http' : 'https'}://${host}`;
    bases.set(host, origin);
  }
  const publicHost = hostOf(publicAppUrl);
  if (publicHost) bases.set(publicHost, fallback);

  return (hostname, path, query = {}) => {
    const host = hostname ? hostOf(hostname) : undefined;
    const base = (host && bases.get(host)) ?? fallback;
    const search = new URLSearchParams(query).toString();
    return `${base}${path}${search ? `?${search}` : ''}`;
  };
};
