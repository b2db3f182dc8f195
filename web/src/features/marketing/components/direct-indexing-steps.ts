/** The four steps of /directindexing's 'How it works' (spec 2 §2). */
export const directIndexingSteps: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Pick an ETF',
    text: 'Choose the ETF or index you want to copy, such as VOO, QQQ or VTI, and see every holding with its weight.',
  },
  {
    title: 'Enter your amount',
    text: 'Type the amount you want to invest in USD. Choose fractional or whole shares and how many holdings to keep.',
  },
  {
    title: 'Place the orders at your broker',
    text: 'You get the exact BUY orders that match the ETF. You place them yourself: ETF Replicator never trades.',
  },
  {
    title: 'Track and stay aligned',
    text: 'Record what you executed, add or withdraw funds, and follow the suggested adjustments as the ETF changes.',
  },
];

/** What a direct indexer can shape (spec 2 §1). */
export const customisations: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Exclude companies or sectors',
    text: 'Leave out what you do not want to own, and keep the rest in line.',
  },
  { title: 'Number of holdings', text: 'Hold the full index or only its largest holdings.' },
  {
    title: 'ESG focus',
    text: 'Lean your portfolio towards the environmental and social criteria you care about.',
  },
  { title: 'Add or withdraw funds', text: 'Raise or lower your target amount; the orders follow.' },
  {
    title: 'Gain/loss tracking',
    text: 'Follow the result of each position, and switch the tracking off when you prefer.',
  },
  { title: 'Tax-loss harvesting tracking', text: 'See which positions sit at a loss you could harvest.' },
];
