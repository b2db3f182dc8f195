import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { artifactsDir, repoRoot } from './paths';

/** Kept in web/e2e/.artifacts; with UPDATE_SCREENSHOTS=1 also written to docs/screenshots for the README. */
export const saveScreenshot = async (page: Page, name: string, { fullPage = false } = {}): Promise<void> => {
  await mkdir(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, name), fullPage });
  if (process.env.UPDATE_SCREENSHOTS) {
    await mkdir(path.join(repoRoot, 'docs/screenshots'), { recursive: true });
    await page.screenshot({ path: path.join(repoRoot, 'docs/screenshots', name), fullPage });
  }
};
