import type { DriverQueryResult } from '@slonik/driver';
import { describe, expect, it } from 'vitest';
import { COMMIT_AFTER, pipelinedTransactions, StatementAfterCommitError } from './pipelined-transactions';

/** A connection that records what it is sent, in which write of the socket, and answers as PostgreSQL would. */
const fakeConnection = (answer: (text: string) => DriverQueryResult | Error = () => result('SELECT')) => {
  const writes: string[][] = [];
  let corked = 0;
  let buffer: string[] = [];
  const flush = () => {
    if (buffer.length > 0) writes.push(buffer);
    buffer = [];
  };
  const socket = {
    cork: () => {
      corked++;
    },
    uncork: () => {
      corked--;
      if (corked === 0) flush();
    },
  };
  const send = (text: string) => {
    buffer.push(text);
    if (corked === 0) flush();
    const answered = answer(text);
    return answered instanceof Error ? Promise.reject(answered) : Promise.resolve(answered);
  };
  return { writes, query: pipelinedTransactions(send, () => socket) };
};

const result = (command: string, rows: unknown[] = []): DriverQueryResult => ({
  command: command as DriverQueryResult['command'],
  fields: [],
  rowCount: rows.length,
  rows: rows as DriverQueryResult['rows'],
});

describe('pipelined transactions', () => {
  it('send START in the same write as the transaction first statement, and the rest as before', async () => {
    const { writes, query } = fakeConnection((text) => result('SELECT', [{ text }]));
    await query('START TRANSACTION');
    expect(writes).toEqual([]);
    const first = await query('select 1');
    expect(first.rows).toEqual([{ text: 'select 1' }]);
    await query('select 2');
    await query('COMMIT');
    expect(writes).toEqual([['START TRANSACTION', 'select 1'], ['select 2'], ['COMMIT']]);
  });

  it('write a marked statement with its COMMIT and answer the COMMIT slonik sends next without sending it', async () => {
    const { writes, query } = fakeConnection((text) => result(text === 'COMMIT' ? 'COMMIT' : 'INSERT'));
    await query('START TRANSACTION');
    await query('select 1');
    const marked = `${COMMIT_AFTER} insert into t values (1)`;
    expect((await query(marked)).command).toBe('INSERT');
    await query('COMMIT');
    await query('select 3');
    expect(writes).toEqual([['START TRANSACTION', 'select 1'], [marked, 'COMMIT'], ['select 3']]);
  });

  it('send a transaction of one marked statement in one write', async () => {
    const { writes, query } = fakeConnection((text) => result(text === 'COMMIT' ? 'COMMIT' : 'INSERT'));
    await query('START TRANSACTION');
    await query(`${COMMIT_AFTER} insert`);
    await query('COMMIT');
    expect(writes).toEqual([['START TRANSACTION', `${COMMIT_AFTER} insert`, 'COMMIT']]);
  });

  it('throw the marked statement error (its COMMIT answered ROLLBACK) and answer the ROLLBACK after it', async () => {
    const failure = new Error('duplicate key');
    const { writes, query } = fakeConnection((text) =>
      text.startsWith(COMMIT_AFTER) ? failure : result(text === 'COMMIT' ? 'ROLLBACK' : 'SELECT'),
    );
    await query('START TRANSACTION');
    await expect(query(`${COMMIT_AFTER} insert`)).rejects.toBe(failure);
    await query('ROLLBACK');
    expect(writes).toEqual([['START TRANSACTION', `${COMMIT_AFTER} insert`, 'COMMIT']]);
  });

  it('throw when the COMMIT that travelled with the statement did not commit', async () => {
    const { query } = fakeConnection((text) => result(text === 'COMMIT' ? 'ROLLBACK' : 'INSERT'));
    await query('START TRANSACTION');
    await expect(query(`${COMMIT_AFTER} insert`)).rejects.toThrow('COMMIT was answered ROLLBACK');
  });

  it('refuse a statement sent after a marked one, since it would run outside the transaction', async () => {
    const { writes, query } = fakeConnection((text) => result(text === 'COMMIT' ? 'COMMIT' : 'INSERT'));
    await query('START TRANSACTION');
    await query(`${COMMIT_AFTER} insert`);
    await expect(query('select 2')).rejects.toBeInstanceOf(StatementAfterCommitError);
    expect(writes.flat()).not.toContain('select 2');
    // The connection is usable again afterwards.
    await query('select 4');
    expect(writes.at(-1)).toEqual(['select 4']);
  });

  it('send nothing for a transaction that sent nothing', async () => {
    const { writes, query } = fakeConnection();
    await query('START TRANSACTION');
    await query('COMMIT');
    await query('START TRANSACTION');
    await query('ROLLBACK');
    expect(writes).toEqual([]);
  });

  it('throw the START failure rather than the statement answer behind it', async () => {
    const lost = new Error('connection lost');
    const { query } = fakeConnection((text) => (text === 'START TRANSACTION' ? lost : result('SELECT')));
    await query('START TRANSACTION');
    await expect(query('select 1')).rejects.toBe(lost);
  });
});
