import type { PGlite } from '@electric-sql/pglite';
import { PglitePgConnection } from '@electric-sql/pglite/node-postgres';
import { createDriverFactory, type DriverFactory } from '@slonik/driver';
import pg from 'pg';
import pgTypes from 'pg-types';
import { wrapDriverError } from './driver-errors';

/**
 * A slonik driver for in-process PGlite. Every client gets its own PglitePgConnection (a shared one dies after the
 * first query error), and all of them share PGlite's single session, so the pool must have size 1.
 * See research/event-store.md §2 for why not pglite-socket.
 */
export const createPgliteDriverFactory = (pglite: PGlite): DriverFactory =>
  createDriverFactory(async ({ driverConfiguration }) => {
    const names = driverConfiguration.typeParsers.map((parser) => parser.name);
    const { rows } = await pglite.query<{ oid: number; typname: string }>(
      'select oid::int as oid, typname from pg_type where typname = any($1::text[])',
      [names],
    );
    const parsersByOid = new Map<number, (value: string) => unknown>();
    for (const parser of driverConfiguration.typeParsers) {
      const type = rows.find((row) => row.typname === parser.name);
      if (type) parsersByOid.set(type.oid, (value) => parser.parse(value));
    }
    // PGlite's pg connection always answers in text format.
    const getTypeParser = ((oid: number) =>
      parsersByOid.get(oid) ?? pgTypes.getTypeParser(oid, 'text')) as typeof pgTypes.getTypeParser;

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
          },
          end: () => client.end(),
          query: async (text, values) => {
            try {
              const result = await client.query(text, values as unknown[]);
              return {
                command: result.command as 'SELECT',
                fields: result.fields.map((field) => ({ dataTypeId: field.dataTypeID, name: field.name })),
                rowCount: result.rowCount,
                rows: result.rows,
              };
            } catch (error) {
              throw wrapDriverError(error);
            }
          },
          stream: () => {
            throw new Error('Streaming queries are not supported on PGlite');
          },
        };
      },
    };
  });
