import { describe, expect, it } from 'vitest';
import { BROKER_FIXTURES } from './fixtures';
import { parsePositions, sharesBySymbol } from './parse-positions';

const fixture = (name: keyof typeof BROKER_FIXTURES) => BROKER_FIXTURES[name];

const okParse = (text: string) => {
  const parsed = parsePositions(text, { today: '2024-03-15' });
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

/**
 * Per layout: the file, the rows it yields, the ignored rows, a data row to break, the cash row's reason and the
 * cash it holds (each fixture's cash or money market cell, read as written).
 */
const cases = [
  {
    name: 'schwab',
    layout: 'schwab',
    rows: [
      ['AAPL', '100', '12500', null],
      ['MSFT', '25.5', '8001.25', null],
      ['BRK.B', '10', null, null],
    ],
    ignored: ['AAPL 04/19/2024 180.00 C', 'CASH & CASH INVESTMENTS', 'ACCOUNT TOTAL'],
    breakRow: ['"100"', '"1O0"'],
    cashReason: /cash or a money market/,
    cash: '10935.44',
  },
  {
    name: 'schwabToday',
    layout: 'schwab',
    rows: [
      ['AAPL', '1250', '187500', null],
      ['MSFT', '40.5', '12150', null],
      ['BRK.B', '30', null, null],
      ['QQQ', '100', '41000', null],
    ],
    ignored: ['AAPL 04/19/2024 200.00 C', '912797GK7', 'CASH & CASH INVESTMENTS', 'POSITIONS TOTAL'],
    breakRow: ['"40.5"', '"40,5x"'],
    cashReason: /cash or a money market/,
    cash: '6400',
  },
  {
    name: 'schwabLots',
    layout: 'schwab',
    rows: [
      ['AAPL', '1000', '45200', '2019-03-14'],
      ['AAPL', '250', '57500', '2023-11-02'],
      ['BRK.B', '20', '5742', '2021-06-30'],
      ['BRK.B', '10', null, '2024-01-09'],
    ],
    ignored: ['AAPL', 'BRK/B', 'AAPL 04/19/2024 200.00 C', 'AAPL 04/19/2024 200.00 C'],
    breakRow: ['"06/30/2021"', '"06/31/2021"'],
    cashReason: null,
    cash: '0',
  },
  {
    name: 'fidelityLots',
    layout: 'fidelity',
    rows: [
      ['NVDA', '10', '1140', '2022-06-07'],
      ['NVDA', '5', '2820', '2024-02-12'],
      ['AAPL', '50', '5445', '2020-08-03'],
      ['AAPL', '10', null, null],
    ],
    ignored: ['SPAXX**'],
    breakRow: ['Feb-12-2024', 'Feb-30-2024'],
    cashReason: /cash or a money market/,
    cash: '2310.77',
  },
  {
    name: 'fidelity',
    layout: 'fidelity',
    rows: [
      ['AAPL', '50', '6250', null],
      ['NVDA', '12', '3600', null],
      ['AAPL', '20', '3000', null],
    ],
    ignored: ['SPAXX**', 'PENDING ACTIVITY'],
    breakRow: [',12,$878.37', ',12x,$878.37'],
    cashReason: /cash or a money market/,
    cash: '1523.04',
  },
  {
    name: 'vanguard',
    layout: 'vanguard',
    rows: [
      ['AAPL', '30', null, null],
      ['MSFT', '8.123', null, null],
    ],
    ignored: ['VMFXX'],
    breakRow: ['AAPL,30,', 'AAPL,thirty,'],
    cashReason: /cash or a money market/,
    cash: '2500.12',
  },
  {
    name: 'ibkr',
    layout: 'ibkr',
    rows: [
      ['AAPL', '10', '1302.5', '2022-01-10'],
      ['AAPL', '5', '805', '2023-06-05'],
      ['GOOGL', '7', '708.4', '2022-12-01'],
    ],
    ignored: ['AAPL', 'GOOGL', 'EUR.USD', 'AAPL  240419C00180000'],
    breakRow: ['"20230605;141005"', '"2023-13-45"'],
    cashReason: /cash or a money market/,
    cash: '1308',
  },
  {
    name: 'ibkrStatement',
    layout: 'ibkr',
    rows: [
      ['AAPL', '1000', '150200', null],
      ['MSFT', '12', '3600', null],
    ],
    ignored: [null, 'AAPL 19APR24 180 C', null],
    breakRow: ['"1,000"', '"1,0x0"'],
    cashReason: null,
    cash: '0',
  },
  {
    name: 'etrade',
    layout: 'etrade',
    rows: [
      ['AAPL', '40', '6004', null],
      ['AMZN', '60', '72000', null],
      ['AAPL', '10', '1600', null],
    ],
    ignored: ['CASH', 'TOTAL'],
    breakRow: ['AMZN,178.75,-0.62,-0.35,60', 'AMZN,178.75,-0.62,-0.35,-60'],
    cashReason: /cash or a money market/,
    cash: '1250',
  },
  {
    name: 'plain',
    layout: 'plain',
    rows: [
      ['AAPL', '10', '1500', '2023-01-15'],
      ['MSFT', '1000', '250000', '2022-06-30'],
      ['NVDA', '2.5', null, null],
      ['AAPL', '5', null, '2024-02-01'],
    ],
    ignored: [],
    breakRow: ['NVDA,2.5', 'NVDA,2.5.1'],
    cashReason: null,
    cash: '0',
  },
] as const;

describe.each(cases)('$name positions export', (c) => {
  const text = fixture(c.name);

  it('reads the positions, one lot per row, with the layout named', () => {
    const parsed = okParse(text);
    expect(parsed.layout.id).toBe(c.layout);
    expect(lots(text)).toEqual(c.rows);
    expect(parsed.ignored.map((row) => row.symbol)).toEqual(c.ignored);
  });

  it('a broken line: an error naming that line, and no rows', () => {
    const [from, to] = c.breakRow;
    expect(text.includes(from)).toBe(true);
    const broken = text.replace(from, to);
    const brokenLine = broken.slice(0, broken.indexOf(to)).split('\n').length;
    const parsed = parsePositions(broken, { today: '2024-03-15' });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.errors[0]?.line).toBe(brokenLine);
    expect(parsed.errors[0]?.message).toMatch(new RegExp(`^Line ${brokenLine}: `));
  });

  it('reads the same with and without a byte order mark', () => {
    const bare = text.replace(/^\uFEFF/, '');
    expect(lots(`\uFEFF${bare}`)).toEqual(lots(bare));
  });

  it('leaves cash and money market rows out of the positions, saying why, and adds up their cash', () => {
    const parsed = okParse(text);
    const cash = parsed.ignored.filter((row) => c.cashReason?.test(row.reason));
    expect(cash.length).toBe(c.cashReason ? 1 : 0);
    expect(parsed.cash.toFixed()).toBe(c.cash);
    expect(cash.map((row) => row.amount?.toFixed())).toEqual(c.cashReason ? [c.cash] : []);
  });

  it('lists the rows it leaves out in line order', () => {
    const lines = okParse(text).ignored.map((row) => row.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  it('keeps a duplicated row as a second lot of the same position', () => {
    const lines = text.split('\n');
    const first = okParse(text).rows[0];
    if (!first) throw new Error('no rows');
    const at = first.line - 1;
    const doubled = [...lines.slice(0, at + 1), lines[at], ...lines.slice(at + 1)].join('\n');
    const before = sharesBySymbol(okParse(text).rows).get(first.symbol);
    const after = sharesBySymbol(okParse(doubled).rows).get(first.symbol);
    expect(okParse(doubled).rows).toHaveLength(c.rows.length + 1);
    expect(after?.toFixed()).toBe(before?.add(first.shares).toFixed());
  });
});

describe('parsePositions, across layouts', () => {
  it('reads the plain form without a header', () => {
    expect(lots('aapl,3\nMSFT,"1,234.5",$99.50,03/01/2024\n')).toEqual([
      ['AAPL', '3', null, null],
      ['MSFT', '1234.5', '99.5', '2024-03-01'],
    ]);
  });

  it('refuses a file with no known header, naming line 1', () => {
    const parsed = parsePositions('foo,bar\n1,2\n');
    expect(parsed).toMatchObject({ ok: false, errors: [{ line: 1 }] });
  });

  it('names every broken line, and the line of an unclosed quote', () => {
    const parsed = parsePositions('symbol,shares\nAAPL,x\nMSFT,1\n,2\n');
    expect(parsed.ok ? [] : parsed.errors.map((error) => error.line)).toEqual([2, 4]);
    expect(parsePositions('symbol,shares\nAAPL,1\n"MSFT,2\n')).toMatchObject({
      ok: false,
      errors: [{ line: 3 }],
    });
  });

  it('refuses an acquired date in the future', () => {
    const parsed = parsePositions('symbol,shares,costBasis,acquired\nAAPL,1,100,2024-03-16\n', {
      today: '2024-03-15',
    });
    expect(parsed).toMatchObject({ ok: false, errors: [{ line: 2 }] });
  });

  it('ignores zero quantities and reads parenthesised negatives as errors', () => {
    const parsed = okParse('symbol,shares\nAAPL,0\nMSFT,2\n');
    expect(parsed.ignored).toEqual([{ line: 2, symbol: 'AAPL', reason: 'no shares held' }]);
    expect(parsePositions('symbol,shares\nAAPL,(2)\n').ok).toBe(false);
  });

  it('counts lines of CRLF files and of quoted line breaks', () => {
    const parsed = parsePositions('symbol,shares,note\r\n"AAPL",1,"a\r\nb"\r\nMSFT,zz\r\n');
    expect(parsed).toMatchObject({ ok: false, errors: [{ line: 4 }] });
  });
});
