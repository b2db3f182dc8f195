import { createDriverFactory, type DriverConfiguration, type DriverFactory } from '@slonik/driver';
import pg from 'pg';
import { wrapDriverError } from './driver-errors';
import { pipelinedTransactions } from './pipelined-transactions';
import { createPreparedNames, preparingQuery } from './prepared-statements';
import { PG_TYPES_QUERY, type PgTypeRow, typeParserLookup } from './type-parser-lookup';

/*
 * The slonik driver for a PostgreSQL server (issue 28 item 1). It makes node-postgres clients as slonik's own driver
 * does (same timeouts, type parsers, error classes), with two differences: statements sent again are named prepared
 * statements with generic plans (prepared-statements.ts), so each connection parses and plans them once, and a
 * transaction's START (and, when asked, its COMMIT) travels with a statement (pipelined-transactions.ts).
 */

/**
 * Generic plans for prepared statements: left to choose, PostgreSQL planned most of ours again on every call (custom
 * plans for `x = any($1)` and `$1 is null or ...` filters), which is the cost preparing them was meant to remove
 * (a command's read of the log: 0.81 ms → 0.21 ms). Our statements are keyed lookups whose generic plans use the
 * same indexes. Added to whatever options the URL gives (node-postgres lets the URL's own options win).
 */
const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

export const withGenericPlans = (uri: string): { connectionString: string; options: string } => {
  if (!URL.canParse(uri)) return { connectionString: uri, options: GENERIC_PLANS };
  const url = new URL(uri);
  const own = url.searchParams.get('options');
  url.searchParams.delete('options');
  return { connectionString: url.toString(), options: own ? `${own} ${GENERIC_PLANS}` : GENERIC_PLANS };
};

// node-postgres's typings leave out the client's connection; its socket is what pipelined-transactions.ts corks.
type WithSocket = { connection: { stream: { cork(): void; uncork(): void } } };

const clientConfiguration = (configuration: DriverConfiguration): pg.ClientConfig => {
  const timeout = (value: number | 'DISABLE_TIMEOUT') =>
    value === 'DISABLE_TIMEOUT' ? undefined : Math.max(1, value);
  return {
    ...withGenericPlans(configuration.connectionUri),
    ...(configuration.ssl ? { ssl: configuration.ssl } : {}),
    connectionTimeoutMillis: timeout(configuration.connectionTimeout),
    statement_timeout: timeout(configuration.statementTimeout),
    idle_in_transaction_session_timeout: timeout(configuration.idleInTransactionSessionTimeout),
  };
};

/** The type parsers, read with a connection of their own before the pool's first. */
const readTypeParsers = async (
  configuration: pg.ClientConfig,
  parsers: DriverConfiguration['typeParsers'],
) => {
  const client = new pg.Client(configuration);
  await client.connect();
  try {
    const { rows } = await client.query<PgTypeRow>(PG_TYPES_QUERY, [parsers.map((parser) => parser.name)]);
    return typeParserLookup(rows, parsers);
  } finally {
    await client.end();
  }
};

export const createServerDriverFactory = (): DriverFactory =>
  createDriverFactory(async ({ driverConfiguration }) => {
    const configuration = clientConfiguration(driverConfiguration);
    const getTypeParser = await readTypeParsers(configuration, driverConfiguration.typeParsers);
    const preparedName = createPreparedNames();
    return {
      createPoolClient: async ({ clientEventEmitter }) => {
        // Pipeline mode: a statement is written without waiting for the answer to the one before (see
        // pipelined-transactions.ts); slonik still waits for each answer before it sends the next.
        const client = new pg.Client({ ...configuration, types: { getTypeParser }, pipeline: true });
        client.on('error', (error) => clientEventEmitter.emit('error', wrapDriverError(error) as Error));
        client.on('notice', (notice) => {
          if (notice.message) clientEventEmitter.emit('notice', { message: notice.message });
        });
        return {
          connect: async () => {
            await client.connect();
          },
          end: () => client.end(),
          query: pipelinedTransactions(
            preparingQuery(client, preparedName),
            () => (client as unknown as WithSocket).connection.stream,
          ),
          stream: () => {
            throw new Error('Streaming queries are not used here');
          },
        };
      },
    };
  });
