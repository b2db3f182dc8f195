import { describe, expect, it } from 'vitest';
import { parseTickerAliases, type TickerAliases } from '../market-data/ticker';
import { BROKER_FIXTURES } from './fixtures';
import { parsePositions } from './parse-positions';
import { normaliseSymbol } from './read-row';

const today = '2024-03-15';

const okParse = (text: string, aliases: TickerAliases = new Map()) => {
  const parsed = parsePositions(text, { today, aliases });
  if (!parsed.ok) throw new Error(`expected a parse, got ${JSON.stringify(parsed.errors)}`);
  return parsed;
};

const lots = (text: string) =>
  okParse(text).rows.map((row) => [
    row.symbol,
    row.shares.toFixed(),
    row.costBasis?.toFixed() ?? null,
    row.acquired,
  ]);

const reasons = (text: string) => okParse(text).ignored.map((row) => [row.line, row.symbol, row.reason]);

describe("Schwab's positions export as downloaded today", () => {
  const file = BROKER_FIXTURES.schwabToday;

  it('reads the `Asset Type` column as it reads `Security Type`', () => {
    const older = file.replace('"Asset Type"', '"Security Type"');
    expect(older).not.toBe(file);
    expect(okParse(file).layout.name).toBe('Charles Schwab');
    expect(lots(older)).toEqual(lots(file));
  });

  it('reads the same whether or not every line ends with a comma', () => {
    const trimmed = file.replace(/,\r\n/g, '\r\n');
    expect(trimmed).not.toBe(file);
    expect(lots(trimmed)).toEqual(lots(file));
    expect(okParse(trimmed).cash.toFixed(2)).toBe('6400.00');
  });

  it('says why each left-out row is left out, in line order', () => {
    expect(reasons(file)).toEqual([
      [8, 'AAPL 04/19/2024 200.00 C', 'not a stock or ETF (Option)'],
      [9, '912797GK7', 'not a stock or ETF (Fixed Income)'],
      [10, 'CASH & CASH INVESTMENTS', 'cash or a money market fund: counted as cash to invest'],
      [11, 'POSITIONS TOTAL', 'a total line, not a position'],
    ]);
  });

  it('has no purchase dates and points to the lot-level export', () => {
    const parsed = okParse(file);
    expect(parsed.rows.every((row) => row.acquired === null)).toBe(true);
    expect(parsed.layout.lotExport).toMatch(/no purchase dates.*lot details/);
  });

  it('reads quantities and money with thousands separators as exact decimals', () => {
    const [apple] = okParse(file).rows;
    expect([apple?.shares.toFixed(), apple?.costBasis?.toFixed(2)]).toEqual(['1250', '187500.00']);
  });
});

describe('share classes take the project ticker form', () => {
  const aliases = parseTickerAliases('alias,canonical\nBRK/B,BRK.B\nBRKB,BRK.B\n');

  it('BRK/B and BRKB become BRK.B through the aliases; a class missing from them still gets the dot', () => {
    expect(normaliseSymbol('BRK/B', aliases)).toBe('BRK.B');
    expect(normaliseSymbol('brkb', aliases)).toBe('BRK.B');
    expect(normaliseSymbol('BF/B', aliases)).toBe('BF.B');
    expect(normaliseSymbol('AAPL', aliases)).toBe('AAPL');
  });

  it("BRK/B in Schwab's file is recorded as BRK.B", () => {
    expect(okParse(BROKER_FIXTURES.schwabToday, aliases).rows.map((row) => row.symbol)).toContain('BRK.B');
  });
});

describe("Schwab's lot details", () => {
  const file = BROKER_FIXTURES.schwabLots;

  it('gives every lot its own date and basis; lots of one symbol stay separate', () => {
    const parsed = okParse(file);
    expect(parsed.layout).toEqual({ id: 'schwab', name: 'Charles Schwab (lot details)', lotExport: null });
    expect(lots(file).filter(([symbol]) => symbol === 'AAPL')).toEqual([
      ['AAPL', '1000', '45200', '2019-03-14'],
      ['AAPL', '250', '57500', '2023-11-02'],
    ]);
  });

  it('a lot without a cost (`--`) keeps its basis unknown, with its date', () => {
    expect(lots(file)).toContainEqual(['BRK.B', '10', null, '2024-01-09']);
  });

  it('leaves out the Total lines and the option, naming each line', () => {
    expect(reasons(file)).toEqual([
      [5, 'AAPL', 'a total line, not a position'],
      [11, 'BRK/B', 'a total line, not a position'],
      [15, 'AAPL 04/19/2024 200.00 C', 'not a stock symbol (an option or another security)'],
      [16, 'AAPL 04/19/2024 200.00 C', 'a total line, not a position'],
    ]);
  });

  it('a lot opened after today is an error naming its line', () => {
    const parsed = parsePositions(file.replace('"01/09/2024"', '"04/09/2024"'), { today });
    expect(parsed).toMatchObject({ ok: false, errors: [{ line: 10 }] });
    expect(parsed.ok ? '' : parsed.errors[0]?.message).toMatch(/^Line 10: acquired date 2024-04-09 of BRK.B/);
  });
});

describe("Fidelity's open lots", () => {
  const file = BROKER_FIXTURES.fidelityLots;

  it('reads `Mon-DD-YYYY` dates and the total cost of each lot', () => {
    expect(okParse(file).layout.name).toBe('Fidelity (lots)');
    expect(lots(file).slice(0, 2)).toEqual([
      ['NVDA', '10', '1140', '2022-06-07'],
      ['NVDA', '5', '2820', '2024-02-12'],
    ]);
  });

  it('reads the header written without spaces (as tools that rewrite the file write it)', () => {
    const compact = file.replace(
      'Symbol,Description,Acquired,Term,$ Total Gain/Loss,% Total Gain/Loss,Current Value,Quantity,Average Cost Basis,Cost Basis Total',
      'Symbol,Description,Acquired,Term,DollarGainLoss,PercentGainLoss,CurrentValue,Quantity,AverageCostBasis,CostBasisTotal',
    );
    expect(compact).not.toBe(file);
    expect(lots(compact)).toEqual(lots(file));
    expect(okParse(compact).cash.toFixed()).toBe('2310.77');
  });

  it('uses the average cost × quantity when the total is missing', () => {
    const perShare = file.replace('$114.00,"$1,140.00"', '$114.00,');
    expect(lots(perShare)[0]).toEqual(['NVDA', '10', '1140', '2022-06-07']);
  });

  it('a lot with neither date nor cost keeps both unknown', () => {
    expect(lots(file)[3]).toEqual(['AAPL', '10', null, null]);
  });
});

describe('cash rows', () => {
  it('adds several cash and money market rows exactly', () => {
    // CASH 100.10 + SPAXX 0.205 (shares of a $1.00 fund) + VMFXX "1,000.01" = 1,100.315, no rounding on the way.
    const parsed = okParse('symbol,shares\nAAPL,1\nCASH,100.10\nSPAXX,0.205\nVMFXX,"1,000.01"\n');
    expect(parsed.cash.toFixed()).toBe('1100.315');
    expect(parsed.ignored.map((row) => row.amount?.toFixed())).toEqual(['100.1', '0.205', '1000.01']);
  });

  it('a negative cash balance (margin) is listed but not counted', () => {
    const file = BROKER_FIXTURES.schwabToday.replace('"$6,400.00","0%"', '"-$6,400.00","0%"');
    const parsed = okParse(file);
    expect(parsed.cash.toFixed()).toBe('0');
    expect(parsed.ignored.find((row) => row.line === 10)?.reason).toMatch(/negative balance.*not counted/);
  });

  it('a cash row without an amount is listed as not counted', () => {
    const parsed = okParse('symbol,shares,costBasis\nAAPL,1,\nCASH,,\n');
    expect(parsed.cash.toFixed()).toBe('0');
    expect(parsed.ignored).toEqual([{ line: 3, symbol: 'CASH', reason: expect.stringMatching(/no amount/) }]);
  });

  it('a cash amount that is not a number is an error naming the line', () => {
    const file = BROKER_FIXTURES.schwabToday.replace('"$6,400.00","0%"', '"$6,4OO.00","0%"');
    expect(parsePositions(file, { today })).toEqual({
      ok: false,
      errors: [
        { line: 10, message: 'Line 10: amount "$6,4OO.00" of CASH & CASH INVESTMENTS is not a number' },
      ],
    });
  });
});
