import { describe, expect, it } from 'vitest';
import { buy, facts, sell } from '../testing/ledger-fixtures';
import { buildLedger } from './ledger';
import { securityKey, securityKeyResolver } from './security-keys';

describe('Security keys', () => {
  it('gives the share classes of the listed groups one key, and any other symbol its own', () => {
    expect(securityKey('GOOG')).toBe(securityKey('GOOGL'));
    expect(securityKey('BRK.B')).toBe(securityKey('BRK.A'));
    expect(securityKey('AAPL')).toBe('AAPL');
    expect(securityKey('AAPL')).not.toBe(securityKey('MSFT'));
  });

  it('knows other share classes from the company names, never two companies', () => {
    const keyOf = securityKeyResolver(
      new Map([
        ['ACME', 'ACME CORP CLASS A'],
        ['ACMEK', 'Acme Corp. Class C'],
        ['OTHR', 'OTHER INC'],
      ]),
    );
    expect(keyOf('ACME')).toBe(keyOf('ACMEK'));
    expect(keyOf('ACME')).not.toBe(keyOf('OTHR'));
    expect(keyOf('GOOG')).toBe(keyOf('GOOGL'));
    expect(keyOf('ZZZ')).toBe('ZZZ');
  });

  it('lets the ledger match share classes known by name', () => {
    const history = facts(
      buy('a', 'ACME', '10', '100', '2026-01-05'),
      sell('s', 'ACME', '90', '2026-03-02', [['a', '10']]),
      buy('b', 'ACMEK', '10', '91', '2026-03-03'),
    );
    const names = new Map([
      ['ACME', 'ACME CORP CLASS A'],
      ['ACMEK', 'ACME CORP CLASS C'],
    ]);
    expect(buildLedger(history).closedRows[0]?.code).toBe('');
    expect(buildLedger(history, { securityKeyOf: securityKeyResolver(names) }).closedRows[0]?.code).toBe('W');
  });
});
