import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLE_USER } from '../../auth/session-user';
import { signAdminToken } from '../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

const png = (marker: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, marker)]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 7)]);

type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

const multipart = (parts: Part[]) => {
  const boundary = `----etf${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'bytes' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(
      Buffer.from(head),
      'bytes' in part ? part.bytes : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const submission = (overrides: Record<string, unknown> = {}) => ({
  name: 'feedback',
  value: JSON.stringify({
    email: 'visitor@example.com',
    message: 'The weightings list is great',
    timestamp: '2026-11-21T10:00:00.000Z',
    userAgent: 'test-agent',
    language: 'en-US',
    screenResolution: '1280x800',
    timeZone: 'Europe/Bucharest',
    referrer: 'direct',
    pageUrl: 'http://localhost:3000/feedback-noauth',
    ...overrides,
  }),
});
const image = (bytes: Buffer, type = 'image/png', filename = 'shot.png') => ({
  name: 'images',
  filename,
  type,
  bytes,
});

describe.each(await testStores())('Feedback API on %s', (store) => {
  let app: TestApp;
  let adminToken: string;
  let userToken: string;

  const sendParts = (parts: Part[], token?: string, ip = '10.0.0.1') => {
    const body = multipart(parts);
    return app.inject({
      method: 'POST',
      url: '/api/feedback',
      remoteAddress: ip,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };
  const stored = async () => ({
    images: await app.testDb.pool.oneFirst(
      sql.type(z.object({ n: z.number() }))`select count(*)::int as n from feedback_images`,
    ),
    events: (await app.testEventStore.readAll({ maxCount: 1000, filter: { categories: ['feedback'] } }))
      .events.length,
  });
  const retrieve = (token?: string) =>
    app.inject({
      method: 'GET',
      url: '/api/retrieve-feedback',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    app = await createTestApp({ store });
    adminToken = signAdminToken(app, 'admin-1', 'admin@example.com');
    userToken = app.signAccessToken({
      sub: 'ann@example.com',
      userId: 'user-1',
      roles: [{ authority: ROLE_USER }],
    });
  });
  afterAll(() => app.dispose());

  it('accepts anonymous feedback with two screenshots and shows it to an admin', async () => {
    // 240 bytes: more than PostgreSQL's base64 puts on one line (57 bytes), so the record's string must be one line.
    const screenshot = Buffer.concat([png(1), Buffer.alloc(200, 9)]);
    const response = await sendParts([submission(), image(screenshot), image(jpeg, 'image/jpeg', 'b.jpg')]);
    expect(response.statusCode).toBe(200);
    const { id } = response.json();

    const list = await retrieve(adminToken);
    expect(list.statusCode).toBe(200);
    const record = list.json().find((r: { id: string }) => r.id === id);
    expect(record).toMatchObject({
      message: 'The weightings list is great',
      email: 'visitor@example.com',
      pageUrl: 'http://localhost:3000/feedback-noauth',
      imageTypes: ['png', 'jpeg'],
    });
    // Spec 2 §3/§7 (issue 32: it answered images: []): each screenshot in base64, in order, with its type.
    expect(record.images).toEqual([screenshot.toString('base64'), jpeg.toString('base64')]);
    expect(Buffer.from(record.images[0], 'base64')).toEqual(screenshot);
    // In addition, screenshots come by signed link, fetched on demand, with their sniffed type.
    expect(record.imageUrls).toHaveLength(2);
    const first = await app.inject({ method: 'GET', url: record.imageUrls[0] });
    expect([first.statusCode, first.headers['content-type']]).toEqual([200, 'image/png']);
    expect(first.rawPayload).toEqual(screenshot);
    const second = await app.inject({ method: 'GET', url: record.imageUrls[1] });
    expect([second.headers['content-type'], second.rawPayload]).toEqual(['image/jpeg', jpeg]);
    // A link for another picture, or a tampered one, is refused.
    const forged = record.imageUrls[0].replace('/images/0?', '/images/1?');
    expect((await app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const unsigned = record.imageUrls[0].split('?')[0];
    expect((await app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(400);
  });

  it('pages the list, newest first, with the total in X-Total-Count, and inlines screenshots unless asked for links', async () => {
    for (let i = 0; i < 3; i++) {
      const sent = await sendParts(
        [submission({ message: `paged ${i}` }), image(png(i))],
        undefined,
        `10.1.0.${i}`,
      );
      expect(sent.statusCode).toBe(200);
    }
    const page = (query: string) =>
      app.inject({
        method: 'GET',
        url: `/api/retrieve-feedback${query}`,
        headers: { authorization: `Bearer ${adminToken}` },
      });
    const first = await page('?page=0&size=2');
    expect(first.statusCode).toBe(200);
    expect(first.json().map((r: { message: string }) => r.message)).toEqual(['paged 2', 'paged 1']);
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    const all = await page(`?size=100`);
    expect(all.json()).toHaveLength(Math.min(total, 100));
    expect(all.body).toContain(png(2).toString('base64'));
    const links = await page('?size=100&images=links');
    expect(links.statusCode).toBe(200);
    expect(links.body).not.toContain(png(2).toString('base64'));
    const paged2 = links.json().find((r: { message: string }) => r.message === 'paged 2');
    expect(paged2).toMatchObject({ images: [], imageTypes: ['png'] });
    expect(paged2.imageUrls).toHaveLength(1);
    const badMode = await page('?images=all');
    expect([badMode.statusCode, badMode.json().message]).toEqual([400, expect.stringMatching(/images/)]);
    expect((await page('?size=101')).statusCode).toBe(400);
    expect((await page('?page=-1')).statusCode).toBe(400);
  });

  it('reads a feedback part sent as a JSON file part, as many clients send it (issue 15)', async () => {
    const { value } = submission({ message: 'Sent as a Blob' });
    const response = await sendParts([
      { name: 'feedback', filename: 'blob', type: 'application/json', bytes: Buffer.from(value) },
      image(png(2)),
    ]);
    expect(response.statusCode).toBe(200);
    const record = (await retrieve(adminToken))
      .json()
      .find((r: { id: string }) => r.id === response.json().id);
    expect(record).toMatchObject({ message: 'Sent as a Blob', imageTypes: ['png'] });
  });

  it("takes a signed-in sender's e-mail from the token, not from the body", async () => {
    const response = await sendParts([submission({ email: 'someone-else@example.com' })], userToken);
    expect(response.statusCode).toBe(200);
    const record = (await retrieve(adminToken))
      .json()
      .find((r: { id: string }) => r.id === response.json().id);
    expect(record.email).toBe('ann@example.com');
  });

  it.each([
    ['a blank message', [submission({ message: '   ' })], 400, 'Please provide your feedback'],
    [
      'a bad e-mail',
      [submission({ email: 'not-an-email' })],
      400,
      'Please enter a valid email or leave it blank',
    ],
    [
      'six images',
      [submission(), ...Array.from({ length: 6 }, (_, i) => image(png(i)))],
      400,
      'You can upload a maximum of 5 images.',
    ],
    [
      'a text file declared as PNG',
      [submission(), image(Buffer.from('definitely not an image, just text'))],
      400,
      'Only image files (PNG, JPEG, GIF or WebP) can be attached.',
    ],
    [
      'an image over 5 MB',
      [submission(), image(Buffer.concat([png(9), Buffer.alloc(5 * 1024 * 1024)]))],
      413,
      'Each image must be 5 MB or smaller.',
    ],
    ['no feedback part', [image(png(3))], 400, 'Invalid feedback: the "feedback" part is missing'],
    [
      'malformed JSON',
      [{ name: 'feedback', value: '{"message":' }],
      400,
      'Invalid feedback: the "feedback" part is not valid JSON',
    ],
    [
      'a NUL character in the message (PostgreSQL cannot store it)',
      [submission({ message: 'before\u0000after' })],
      400,
      'message: the text contains a NUL character (U+0000), which is not allowed. Remove it and try again.',
    ],
  ] as const)('rejects %s without storing anything', async (_case, parts, status, message) => {
    const before = await stored();
    const response = await sendParts([...parts], undefined, '10.0.0.2');
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
    expect(await stored()).toEqual(before);
  });

  it('rejects a body that is not multipart', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { message: 'hi' },
      remoteAddress: '10.0.0.3',
    });
    expect(response.statusCode).toBe(400);
  });

  it('keeps the feedback list to admins', async () => {
    expect((await retrieve()).statusCode).toBe(401);
    expect((await retrieve(userToken)).statusCode).toBe(403);
  });

  it('rate-limits anonymous senders per address and signed-in ones per user', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await sendParts([submission()], undefined, '10.0.0.9')).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await sendParts([submission()], undefined, '10.0.0.9');
    expect(limited.json().message).toMatch(/Too many feedback messages/);

    const sender = app.signAccessToken({
      sub: 'bo@example.com',
      userId: 'user-limited',
      roles: [{ authority: ROLE_USER }],
    });
    const mine: number[] = [];
    // A signed-in sender is limited per user, from whatever address.
    for (let i = 0; i < 11; i++)
      mine.push((await sendParts([submission()], sender, `10.2.0.${i}`)).statusCode);
    expect(mine.slice(0, 10).every((status) => status === 200)).toBe(true);
    const over = await sendParts([submission()], sender, '10.2.1.1');
    expect([mine[10], over.statusCode]).toEqual([429, 429]);
    expect(over.json().message).toMatch(/a lot of feedback this hour/);
    // The blocked address does not hold back a signed-in user sending from it.
    expect((await sendParts([submission()], userToken, '10.0.0.9')).statusCode).toBe(200);
  });
});
