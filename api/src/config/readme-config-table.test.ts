import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config-schema';

describe('README configuration table', () => {
  const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
  const documented = new Set(
    [...readme.matchAll(/^\| `([A-Z_]+)`(?: \/ `([A-Z_]+)`)? \|/gm)].flatMap((match) => [match[1], match[2]]),
  );

  it('documents every environment variable the server reads', () => {
    const missing = Object.keys(configSchema.shape).filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });
});
