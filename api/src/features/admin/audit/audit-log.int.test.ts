import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../accounts/testing/account-test-helpers';
import { signAdminToken } from '../../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../../testing/test-app';
import { seedMarketForTrackings, trackingClient } from '../../trackings/testing/tracking-test-client';
import { settle } from '../testing/settle';

type Entry = {
  seq: number;
  eventType: string;
  streamId: string;
  category: string;
  userId: string | null;
  userEmail: string | null;
  actorUserId: string | null;
  actorEmail: string | null;
  correlationId: string | null;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recordedAt: string;
};
type Page = { entries: Entry[]; nextCursor: string | null };

describe.each(await testStores())('GET /api/admin/audit on %s', (store) => {
  let app: TestApp;
  let admin: string;
  let ann: { email: string; userId: string };
  let trackingId: string;

  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
  const page = async (query: string): Promise<Page> => {
    const response = await get(`/api/admin/audit?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    app = await createTestApp({ store });
    admin = signAdminToken(app, 'admin-root', 'root@example.com');
    await seedMarketForTrackings(app);
    ann = await signedInUser(app);
    const client = await trackingClient(app, { userId: ann.userId, plan: 'PRO' });
    const created = await client.create('VOO', '10000');
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    trackingId = (created.body as { trackingId: string }).trackingId;
    await settle(app);
    const detail = await client.detail(trackingId);
    expect(detail.adjustmentOrders, JSON.stringify(detail)).toBeDefined();
    for (const order of detail.adjustmentOrders.slice(0, 2)) {
      expect((await client.execute(trackingId, { ...order, orderType: 'BUY' })).status).toBe(200);
    }
    const other = await trackingClient(app);
    const theirs = ((await other.create('QQQ', '5000')).body as { trackingId: string }).trackingId;
    await settle(app);
    const [first] = (await other.detail(theirs)).adjustmentOrders;
    if (first) await other.execute(theirs, { ...first, orderType: 'BUY' });
    await settle(app);
  }, 180_000);
  afterAll(() => app?.dispose());

  it("filters to one user's executed orders, newest first, with who did it", async () => {
    const { entries, nextCursor } = await page(`user=${ann.userId}&eventType=OrderExecuted`);
    expect(entries).toHaveLength(2);
    expect(nextCursor).toBeNull();
    expect(
      entries.every((e) => e.eventType === 'OrderExecuted' && e.streamId === `tracking-${trackingId}`),
    ).toBe(true);
    expect(entries[0]?.seq).toBeGreaterThan(entries[1]?.seq as number);
    expect(entries[0]).toMatchObject({
      category: 'tracking',
      userId: ann.userId,
      userEmail: ann.email,
      actorUserId: ann.userId,
      actorEmail: ann.email,
    });
    expect(entries[0]?.data).toMatchObject({
      orderType: 'BUY',
      symbol: expect.any(String),
      price: expect.any(String),
    });
  });

  it('takes an e-mail for the user filter, and answers an empty page for an unknown one', async () => {
    const byEmail = await page(`user=${encodeURIComponent(ann.email.toUpperCase())}&eventType=OrderExecuted`);
    expect(byEmail.entries).toHaveLength(2);
    expect((await page('user=nobody%40example.com')).entries).toEqual([]);
  });

  it("shows the user's whole story: registration on the user stream, the tracking, the orders", async () => {
    const types = (await page(`user=${ann.userId}&limit=200`)).entries.map((e) => e.eventType).reverse();
    expect(types).toContain('UserRegistered');
    expect(types.indexOf('UserRegistered')).toBeLessThan(types.indexOf('TrackingCreated'));
    expect(types.indexOf('TrackingCreated')).toBeLessThan(types.indexOf('OrderExecuted'));
  });

  it('filters by category and time range', async () => {
    const etf = await page('category=etf&limit=200');
    expect(etf.entries.length).toBeGreaterThan(0);
    expect(etf.entries.every((e) => e.category === 'etf')).toBe(true);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await page(`from=${encodeURIComponent(future)}`)).entries).toEqual([]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await page(`to=${encodeURIComponent(past)}`)).entries).toEqual([]);
  });

  it('pages by log position without gaps or repeats', async () => {
    const all = (await page('category=tracking&limit=200')).entries.map((e) => e.seq);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const next: Page = await page(`category=tracking&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.entries.map((e) => e.seq));
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('never shows a secret', async () => {
    const response = await get('/api/admin/audit?limit=200');
    expect(response.body).not.toMatch(/argon2|\$2[aby]\$/);
    for (const entry of (response.json() as Page).entries) {
      for (const key of Object.keys(entry.data)) {
        if (/password|token|secret|hash/i.test(key))
          expect(entry.data[key]).toMatch(/\[redacted\]|^(true|false)$/);
      }
    }
  });

  it('offers the recorded categories and event types for the filters', async () => {
    const response = await get('/api/admin/audit/filters');
    expect(response.json()).toMatchObject({
      categories: expect.arrayContaining(['etf', 'tracking', 'user']),
      eventTypes: expect.arrayContaining(['OrderExecuted', 'TrackingCreated', 'UserRegistered']),
    });
  });

  it.each([
    ['cursor=abc', /^Invalid cursor: must be the nextCursor/],
    ['cursor=0', /^Invalid cursor/],
    ['from=yesterday', /^Invalid from: must be an ISO date-time/],
    ['to=2026-13-01T00:00:00Z', /^Invalid to/],
    ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', /^Invalid to: must not be before from/],
    ['limit=0', /^Invalid limit/],
    ['limit=1000', /^Invalid limit/],
    ['category=track%27ing', /^Invalid category/],
    ['eventType=%3Cscript%3E', /^Invalid eventType/],
  ])('answers 400 naming the field for %s', async (query, message) => {
    const response = await get(`/api/admin/audit?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('exports the filtered view as CSV, named for the dates, escaped, complete', async () => {
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const query = `user=${ann.userId}&eventType=OrderExecuted&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const response = await get(`/api/admin/audit/export?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="audit-log-${from.slice(0, 10)}-to-${to.slice(0, 10)}.csv"`,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'position,recordedAt,eventType,streamId,category,streamRevision,userId,userEmail,actorUserId,actorEmail,correlationId,eventId,data,metadata',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,OrderExecuted,tracking-${trackingId},tracking,`);
    expect(lines[1]).toContain(`,${ann.email},`);
    expect(lines[1]).toMatch(/,"\{""orderType"":""BUY""|,"\{""[a-zA-Z]+"":/);
  });

  it('exports every matching event, not just one page', async () => {
    const response = await get('/api/admin/audit/export?category=tracking');
    const rows = response.body.trimEnd().split('\r\n').length - 1;
    expect(rows).toBe((await page('category=tracking&limit=200')).entries.length);
    expect(response.headers['content-disposition']).toMatch(/filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
  });
});
