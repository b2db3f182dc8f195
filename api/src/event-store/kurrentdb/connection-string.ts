/**
 * Accepts the schemes the deployment may use (`kurrentdb://`, `esdb://`, their `+discover` forms and the client's
 * short aliases) and returns the string with a `kurrentdb` scheme. The 1.x client still parses `esdb://` but
 * warns on every connection, and its native reader parses the string a second time, so one canonical scheme
 * avoids depending on both parsers agreeing. Error messages name the scheme only: the string may hold a password.
 */
const SCHEMES: Readonly<Record<string, string>> = {
  kurrentdb: 'kurrentdb',
  'kurrentdb+discover': 'kurrentdb+discover',
  esdb: 'kurrentdb',
  'esdb+discover': 'kurrentdb+discover',
  kurrent: 'kurrentdb',
  'kurrent+discover': 'kurrentdb+discover',
  kdb: 'kurrentdb',
  'kdb+discover': 'kurrentdb+discover',
};

export const normaliseKurrentConnectionString = (connectionString: string): string => {
  const trimmed = connectionString.trim();
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(.+)$/s.exec(trimmed);
  if (!match) {
    throw new Error('EVENTSTORE_URL must look like kurrentdb://host:2113?tls=false (or esdb://…)');
  }
  const scheme = (match[1] as string).toLowerCase();
  const canonical = SCHEMES[scheme];
  if (!canonical) {
    throw new Error(
      `Unsupported event store scheme "${scheme}://": use kurrentdb:// or esdb:// (optionally +discover)`,
    );
  }
  return `${canonical}://${match[2] as string}`;
};

/** The connection string without credentials or options, for log lines and error messages. */
export const describeKurrentConnection = (connectionString: string): string => {
  const match = /^([^:]+):\/\/(?:[^@/?]*@)?([^/?]*)/.exec(connectionString.trim());
  return match
    ? `${(match[1] as string).toLowerCase()}://${match[2] as string}`
    : '<invalid connection string>';
};
