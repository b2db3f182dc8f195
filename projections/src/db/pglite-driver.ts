import type { PGlite } from '@electric-sql/pglite';
import { PglitePgConnection } from '@electric-sql/pglite/node-postgres';
import { createDriverFactory, type DriverFactory } from '@slonik/driver';
import pg from 'pg';
import { wrapDriverError } from './driver-errors';
import { createPreparedNames, preparingQuery } from './prepared-statements';
import { PG_TYPES_QUERY, type PgTypeRow, typeParserLookup } from './type-parser-lookup';

/**
 * A slonik driver for in-process PGlite. Every client gets its own PglitePgConnection (a shared one dies after the
 * first query error), and all of them share PGlite's single session, so the pool must have size 1.
 * See research/event-store.md §2 for why not pglite-socket.
 */
export const createPgliteDriverFactory = (pglite: PGlite): DriverFactory =>
  createDriverFactory(async ({ driverConfiguration }) => {
    const { rows } = await pglite.query<PgTypeRow>(PG_TYPES_QUERY, [
      driverConfiguration.typeParsers.map((parser) => parser.name),
    ]);
    // PGlite's pg connection always answers in text format.
    const getTypeParser = typeParserLookup(rows, driverConfiguration.typeParsers);
    const preparedName = createPreparedNames();
    return {
      createPoolClient: async ({ clientEventEmitter }) => {
        const client = new pg.Client({
          // node-postgres accepts any duplex-like connection; PGlite's speaks the wire protocol in memory.
          connection: new PglitePgConnection({ pglite }) as unknown as pg.ClientConfig['stream'],
          types: { getTypeParser },
        } as pg.ClientConfig);
        client.on('error', (error) => clientEventEmitter.emit('error', wrapDriverError(error) as Error));
        return {
          connect: async () => {
            await client.connect();
            // The session outlives its clients: a new client knows none of the statements an earlier one prepared
            // (it would Parse them again under the same names), so it starts from none. Generic plans: see
            // server-driver.ts.
            await client.query('deallocate all');
            await client.query('set plan_cache_mode = force_generic_plan');
          },
          end: () => client.end(),
          query: preparingQuery(client, preparedName),
          stream: () => {
            throw new Error('Streaming queries are not supported on PGlite');
          },
        };
      },
    };
  });
