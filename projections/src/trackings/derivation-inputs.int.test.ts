import type { PlanClaim } from '@etf-replicator/core';
import { type DatabaseTransactionConnection, sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { migrateReadModels } from '../migrate-read-models';
import { type TestDatabase, testDatabaseKinds } from '../testing';
import { forgetKnownRows, rememberCommittedRow } from './committed-rows';
import {
  completeDerivationInputs,
  derivationInputsAlong,
  derivationInputsExpression,
} from './derivation-inputs';
import type { TrackingSnapshot } from './derive-tracking-view';
import { saveTrackingSnapshot, saveUserPlan } from './sources';

const holding = {
  symbol: 'AAPL',
  weightPercentage: '8.5',
  price: '190.00',
  priceAsOf: '2026-11-27',
  sector: null,
};

/** What reading the inputs costs: the statements that read tracking_user_plans (the inputs' own statement). */
const inputStatements = (tx: DatabaseTransactionConnection) => {
  const one = vi.spyOn(tx, 'one');
  return () => one.mock.calls.filter(([query]) => query.sql.includes('tracking_user_plans')).length;
};

/** Issue 28: the ETF snapshots' heads and the owners' plans a derivation reads, read along the append first. */
describe.each(await testDatabaseKinds())('Derivation inputs on $name', ({ open }) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await open();
    await migrateReadModels(test.db);
    await saveTrackingSnapshot(test.db.pool, {
      symbol: 'QQQ',
      eventId: 'c8c1f1de-9a9f-4d55-9a43-7e1c1a0e0001',
      asOf: '2026-11-27',
      name: 'Invesco QQQ Trust',
      holdings: [holding],
    });
    await saveUserPlan(test.db.pool, 'user-pro', 'PRO');
  }, 60_000);
  afterAll(() => test?.dispose());

  /** The read along as the append's statement evaluates it, in a transaction of its own. */
  const readAlong = async (symbols: readonly string[], users: readonly string[]) => {
    const fragment = derivationInputsExpression(symbols, users);
    return test.db.pool.oneFirst(sql.type(z.object({ along: z.unknown() }))`select ${fragment} as along`);
  };

  /** completeDerivationInputs from empty maps: what it found, and its statements of its own. */
  const completed = async (
    tx: DatabaseTransactionConnection,
    symbols: readonly string[],
    users: readonly string[],
    along: unknown,
  ) => {
    const statements = inputStatements(tx);
    const snapshots = new Map<string, TrackingSnapshot | undefined>();
    const plans = new Map<string, PlanClaim>();
    await completeDerivationInputs(tx, { symbols, users }, snapshots, plans, along);
    return { statements: statements(), snapshots, plans };
  };

  it('takes everything from the read along when it asked for all of it, with no statement of its own', async () => {
    const along = await readAlong(['QQQ', 'VOO'], ['user-pro', 'user-free']);
    await test.db.pool.transaction(async (tx) => {
      const { statements, snapshots, plans } = await completed(
        tx,
        ['QQQ', 'VOO'],
        ['user-pro', 'user-free'],
        along,
      );
      expect(statements).toBe(0);
      // VOO has no snapshot and user-free no plan row: asked, so known to be absent.
      expect([...snapshots.keys()]).toEqual(['QQQ']);
      expect(snapshots.get('QQQ')).toMatchObject({ name: 'Invesco QQQ Trust', holdings: [holding] });
      expect([...plans.entries()]).toEqual([['user-pro', 'PRO']]);
    });
  });

  it('reads in one statement what the read along did not ask, and only that', async () => {
    const along = await readAlong([], ['user-free']);
    await test.db.pool.transaction(async (tx) => {
      const { statements, snapshots, plans } = await completed(tx, ['QQQ'], ['user-pro', 'user-free'], along);
      expect(statements).toBe(1);
      const [[query]] = vi.mocked(tx.one).mock.calls as unknown as [[{ values: unknown[] }]];
      expect(query.values).toContainEqual(['QQQ']);
      expect(query.values).toContainEqual(['user-pro']);
      expect(query.values).not.toContainEqual(['user-free']);
      expect(snapshots.get('QQQ')?.eventId).toBe('c8c1f1de-9a9f-4d55-9a43-7e1c1a0e0001');
      expect(plans.get('user-pro')).toBe('PRO');
    });
  });

  it('keeps what the caller knew over the read along, and reads as before without one', async () => {
    const along = await readAlong(['QQQ'], ['user-pro']);
    const known: TrackingSnapshot = {
      symbol: 'QQQ',
      eventId: 'newer',
      asOf: null,
      name: 'QQQ',
      holdings: [],
    };
    await test.db.pool.transaction(async (tx) => {
      const snapshots = new Map<string, TrackingSnapshot | undefined>([['QQQ', known]]);
      const plans = new Map<string, PlanClaim>([['user-pro', null]]);
      await completeDerivationInputs(tx, { symbols: ['QQQ'], users: ['user-pro'] }, snapshots, plans, along);
      expect(snapshots.get('QQQ')).toBe(known);
      expect(plans.get('user-pro')).toBeNull();

      const statements = inputStatements(tx);
      const fresh = new Map<string, TrackingSnapshot | undefined>();
      await completeDerivationInputs(tx, { symbols: ['QQQ'], users: [] }, fresh, new Map(), undefined);
      expect(statements()).toBe(1);
      expect(fresh.get('QQQ')?.name).toBe('Invesco QQQ Trust');
    });
  });

  it('asks along an append for the ETFs and owners of the trackings this process knows, and nothing else', () => {
    forgetKnownRows();
    expect(derivationInputsAlong(['tracking-t1', 'user-1'])).toBeUndefined();
    // Only what the guess reads of a known row: its ETF, index and owner.
    const row = { state: { symbol: 'QQQ', index: null, userId: 'user-pro' }, revision: 3 };
    rememberCommittedRow('t1', row as unknown as Parameters<typeof rememberCommittedRow>[1]);
    const along = derivationInputsAlong(['tracking-t1', 'tracking-t2', 'user-1']);
    expect(along?.values).toContainEqual(['QQQ']);
    expect(along?.values).toContainEqual(['user-pro']);
    forgetKnownRows();
  });
});
