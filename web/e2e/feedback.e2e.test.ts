import type { FeedbackRecord } from '@etf-replicator/core/contracts/feedback';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { ADMIN } from './support/server';
import { apiToken } from './support/trackings-api';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');

type ListedRecord = FeedbackRecord & { imageUrls: string[] };

/** What an administrator sees through GET /api/retrieve-feedback (screenshots in base64 and by signed link). */
const feedbackSeenByAdmin = async (): Promise<ListedRecord[]> => {
  const response = await fetch(`${baseUrl}/api/retrieve-feedback`, {
    headers: { authorization: `Bearer ${await apiToken(baseUrl, ADMIN)}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ListedRecord[];
};

describe.skipIf(!accountsApi)('Feedback end to end', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends anonymous feedback with two screenshots, which an admin then reads through the API', async () => {
    const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width: 375, height: 800 });
    const message = `Anonymous e2e feedback ${Date.now()}`;
    await page.goto('/feedback-noauth');
    await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
    // Two real PNG screenshots of the page itself.
    const first = await page.screenshot();
    const second = await page.screenshot({ clip: { x: 0, y: 0, width: 200, height: 120 } });

    await page.getByRole('textbox', { name: 'Email (optional)' }).fill('visitor@example.com');
    await page.getByRole('textbox', { name: 'Your Thoughts' }).fill(message);
    await page.getByLabel('Screenshots (optional)').setInputFiles([
      { name: 'first.png', mimeType: 'image/png', buffer: first },
      { name: 'second.png', mimeType: 'image/png', buffer: second },
    ]);
    const previews = page.getByRole('list', { name: 'Selected screenshots' }).getByRole('img');
    // The files are checked by their bytes first (asynchronously), then previewed.
    await expect.poll(() => previews.count(), { timeout: 10_000 }).toBe(2);
    await page.getByRole('button', { name: 'Send Feedback' }).click();

    await page.getByRole('heading', { name: 'Thank You' }).waitFor();
    await page.getByText('Thanks for your feedback!').waitFor();
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');

    const anonymousRead = await fetch(`${baseUrl}/api/retrieve-feedback`);
    expect(anonymousRead.status).toBe(401);
    const record = (await feedbackSeenByAdmin()).find((item) => item.message === message);
    expect(record).toMatchObject({
      email: 'visitor@example.com',
      pageUrl: `${baseUrl}/feedback-noauth`,
      imageTypes: ['png', 'png'],
    });
    // Spec 2 §3/§7 (issue 32): the screenshots themselves, in base64, as sent.
    expect(record?.images).toEqual([first.toString('base64'), second.toString('base64')]);
    const fetched = await Promise.all(
      (record?.imageUrls ?? []).map(async (url) =>
        Buffer.from(await (await fetch(`${baseUrl}${url}`)).arrayBuffer()),
      ),
    );
    expect(fetched.map((image) => image.length)).toEqual([first.length, second.length]);

    await page.getByRole('button', { name: 'Share More Feedback' }).click();
    expect(await page.getByRole('textbox', { name: 'Your Thoughts' }).inputValue()).toBe('');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows an admin the screenshots on /feedbackpanel, loaded by link when the row opens', async () => {
    for (const width of [375, 1280]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 800 });
      await signIn(page, ADMIN);
      await page.goto('/feedbackpanel');
      const list = page.getByRole('list', { name: 'Feedback responses' });
      await list.waitFor();
      await list
        .getByRole('button', { name: /Anonymous e2e feedback/ })
        .first()
        .click();
      const thumbnail = page.getByRole('img', { name: 'Screenshot 1' });
      await thumbnail.waitFor();
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('img[alt="Screenshot 1"]');
        return Boolean(image?.complete && image.naturalWidth > 0);
      });
      expect(await thumbnail.getAttribute('src')).toMatch(
        /^\/api\/retrieve-feedback\/[\w-]+\/images\/0\?expires=/,
      );
      await saveScreenshot(page, `feedback-panel-${width}.png`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('takes a signed-in user’s e-mail from the session on /feedback', async () => {
    const { page, context, consoleErrors } = await openPage(browser, baseUrl);
    await signIn(page, ADMIN);
    const message = `Signed-in e2e feedback ${Date.now()}`;
    await page.goto('/feedback');
    await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Email (optional)' }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Your Thoughts' }).fill(message);
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await page.getByRole('heading', { name: 'Thank You' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Home' }).count()).toBe(0);

    const record = (await feedbackSeenByAdmin()).find((item) => item.message === message);
    expect(record).toMatchObject({ email: ADMIN.email, images: [], pageUrl: `${baseUrl}/feedback` });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
