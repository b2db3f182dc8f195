import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 15 item 6: weights showed as 8.46 % / 9.507 % / 10.236811 %, rates truncated in one place and rounded in
 * another. Every screen formats through lib/format.ts; this test fails when a file formats numbers or dates by hand.
 */
const SOURCE = join(__dirname, '..');
const BY_HAND = [
  /\.toFixed\(\d/, // rounds, and differently from the truncation rule
  /\.toLocale(Date|Time)?String\(/, // locale- and time-zone-dependent text
  /new Intl\.(NumberFormat|DateTimeFormat)\(/,
  /\$\{[^}]*\}%/, // a raw value glued to a percent sign
];
/** CSS lengths are not text: `width: ${x}%`. */
const CSS = /\b(width|height|left|top|right|bottom):/;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('one formatting module', () => {
  it('is the only place that turns numbers and dates into text', () => {
    const offenders = sourceFiles(SOURCE)
      .filter((path) => !path.endsWith(join('lib', 'format.ts')))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            !CSS.test(line) && BY_HAND.some((pattern) => pattern.test(line))
              ? [`${relative(SOURCE, path)}:${index + 1}: ${line.trim()}`]
              : [],
          ),
      );
    expect(offenders).toEqual([]);
  });
});
