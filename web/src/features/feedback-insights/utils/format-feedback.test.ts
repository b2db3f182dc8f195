import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import {
  feedbackTime,
  formatFeedbackTime,
  previewOf,
  screenshotFailedMessage,
  screenshotUrl,
} from './format-feedback';

describe('feedback formatting', () => {
  it('previews 50 characters plus an ellipsis, and short messages whole', () => {
    const long = `${'x'.repeat(49)}yz`;
    expect(previewOf(long)).toBe(`${'x'.repeat(49)}y...`);
    expect(previewOf('x'.repeat(50))).toBe('x'.repeat(50));
    expect(previewOf('Short')).toBe('Short');
    expect(previewOf(`${'😀'.repeat(51)}`)).toBe(`${'😀'.repeat(50)}...`);
  });

  it('reads the time as seconds or as a date string', () => {
    expect(feedbackTime(1_767_225_600)?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(feedbackTime('1767225600')?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(feedbackTime('2026-01-01T00:00:00Z')?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(feedbackTime('not a date')).toBeUndefined();
    expect(formatFeedbackTime('not a date')).toBe('not a date');
    expect(formatFeedbackTime(1_767_225_600)).toBe(formatDateTime('2026-01-01T00:00:00Z'));
  });

  it('builds data URLs from base64 (whitespace stripped) and refuses anything else', () => {
    expect(screenshotUrl('iVBO\nRw0K GgoA', 'png')).toBe('data:image/png;base64,iVBORw0KGgoA');
    expect(screenshotUrl('/9j/4A==', 'jpeg')).toBe('data:image/jpeg;base64,/9j/4A==');
    expect(screenshotUrl('/9j/4A==', 'image/webp')).toBe('data:image/webp;base64,/9j/4A==');
    expect(screenshotUrl('/9j/4A==', undefined)).toBe('data:image/png;base64,/9j/4A==');
    expect(screenshotUrl('/9j/4A==', 'svg+xml"><script>')).toBe('data:image/png;base64,/9j/4A==');
    expect(screenshotUrl('not base64!', 'png')).toBeUndefined();
    expect(screenshotUrl('abc', 'png')).toBeUndefined();
    expect(screenshotUrl('   ', 'png')).toBeUndefined();
    expect(screenshotFailedMessage(2)).toBe('Failed to render screenshot 2');
  });
});
