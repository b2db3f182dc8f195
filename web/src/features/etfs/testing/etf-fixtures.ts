/** VOO's facts and its 8 largest holdings, as the market-data API answers them. */
export const etfInfo = {
  symbol: 'VOO',
  name: 'Vanguard S&P 500 ETF',
  etfCompany: 'Vanguard',
  description: 'Tracks the S&P 500.',
  website: 'https://investor.vanguard.com',
  assetClass: 'Equity',
  domicile: 'US',
  expenseRatio: 0.03,
  inceptionDate: '2010-09-07',
  isin: null,
  holdingsCount: 503,
  holdingsAvailable: true,
  holdingsNote: null,
  asOf: { facts: null, holdings: null, holdingsDateKind: null, pricesFrom: null, pricesTo: null },
  sectorsList: [
    { industry: 'Information Technology', exposure: 35.2 },
    { industry: 'Health Care', exposure: 9.1 },
  ],
};

const holding = (asset: string, weightPercentage: string, price: string) => ({
  asset,
  name: `${asset} Inc.`,
  isin: null,
  cusip: null,
  sharesNumber: null,
  weightPercentage,
  price,
  marketValue: null,
  updated: null,
  isAvailable: true,
});

export const holdings = [
  holding('NVDA', '8.46', '202.89'),
  holding('AAPL', '7.1', '271.40'),
  holding('MSFT', '6.2', '500.00'),
  holding('AMZN', '4', '220.00'),
  holding('AVGO', '3', '350.00'),
  holding('META', '2.9', '600.00'),
  holding('GOOGL', '2.1', '180.00'),
  holding('TSLA', '2', '400.00'),
];
