import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 15 item 6: weights showed as 8.46 % / 9.507 % / 10.236811 %, rates truncated in one place and rounded in
 * another; issue 32: money cut at the cent, "as of 2026-07-13" in a sentence. Every screen formats through
 * lib/format.ts; this test fails when a file formats numbers or dates by hand.
 */
const SOURCE = join(__dirname, '..');
const BY_HAND = [
  /\.toFixed\(\d/, // a float's rounding, not the module's half-up on decimal text
  /\.toPrecision\(/,
  /\.toLocale(Date|Time)?String\(/, // locale- and time-zone-dependent text
  /\bIntl\.\w+\((?!\)\.resolvedOptions\(\))/, // any Intl formatter; reading the viewer's time zone is fine
  /\$\{[^}]*\}%/, // a raw value glued to a percent sign
  /\$\$\{/, // a raw value glued to a dollar sign
  /\$\{[\w.?]*(asOf|AsOf|Date|At)\}(?!T)/, // a raw ISO date inside a sentence ("as of 2026-07-13")
];
/** Not text a user reads: CSS lengths (`width: ${x}%`) and React keys (`key={`alert-${mark.raisedAt}`}`). */
const NOT_TEXT = /\b(width|height|left|top|right|bottom):|\bkey=\{/;

/** The lines of `source` that format by hand. */
const strays = (source: string): number[] =>
  source
    .split('\n')
    .flatMap((line, index) =>
      !NOT_TEXT.test(line) && BY_HAND.some((pattern) => pattern.test(line)) ? [index + 1] : [],
    );

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
      .flatMap((path) => {
        const lines = readFileSync(path, 'utf8').split('\n');
        return strays(lines.join('\n')).map(
          (line) => `${relative(SOURCE, path)}:${line}: ${lines[line - 1]?.trim()}`,
        );
      });
    expect(offenders).toEqual([]);
  });

  it('catches each kind of stray, and leaves CSS, keys and time-zone lookups alone', () => {
    /** Source lines as text: "#{" stands for a template placeholder. */
    const source = (line: string) => line.replaceAll('#{', '${');
    const samples = [
      'const text = amount.toFixed(2);',
      'const text = (0.1).toPrecision(3);',
      'const when = date.toLocaleDateString();',
      "const n = new Intl.NumberFormat('en-US').format(x);",
      "const n = Intl.NumberFormat('en-US').format(x);",
      'const rate = `#{value}%`;',
      'const money = `$#{value}`;',
      'const note = `Prices as of #{quote.priceAsOf}.`;',
      'const note = `Created #{tracking.createdAt}`;',
    ];
    expect(samples.map((sample) => strays(source(sample)))).toEqual(samples.map(() => [1]));
    const fine = [
      'style={{ width: `#{share}%` }}',
      'key={`alert-#{mark.raisedAt}`}',
      'timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,',
      'const at = new Date(`#{date}T00:00:00Z`);',
      'const payload = { amount: amount.toFixed() };',
    ];
    expect(fine.flatMap((sample) => strays(source(sample)))).toEqual([]);
  });
});
