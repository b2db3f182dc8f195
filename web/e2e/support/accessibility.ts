import type { Page } from 'playwright-core';

/** Form controls and buttons without an accessible name (label, aria-label(ledby) or text). */
export const unlabelledControls = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input, select, textarea, button')]
      .filter((element) => {
        const labelled =
          element.getAttribute('aria-label') ||
          element.getAttribute('aria-labelledby') ||
          (element as HTMLInputElement).labels?.length;
        const text = element.tagName === 'BUTTON' && element.textContent?.trim();
        return !labelled && !text && (element as HTMLInputElement).type !== 'hidden';
      })
      .map((element) => element.outerHTML.slice(0, 120)),
  );
