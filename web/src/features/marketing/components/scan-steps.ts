/** The three steps of /scan's 'How it works'. */
export const scanSteps: ReadonlyArray<{ title: string; text: string }> = [
  { title: 'Pick an ETF', text: 'Search for the ETF you already know, such as VOO or QQQ.' },
  {
    title: 'Enter your amount',
    text: 'Tell us how much you want to invest in USD, with whole or fractional shares.',
  },
  {
    title: 'Place the orders yourself',
    text: 'Get the exact BUY orders and place them at your own broker. We never trade for you.',
  },
];
