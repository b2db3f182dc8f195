/** The nine questions of the landing page's FAQ (spec 1 §9: FAQ of 9 entries). */
export const faqEntries: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'What is direct indexing?',
    answer:
      'Instead of buying an ETF, you buy the stocks it holds in the same proportions. You own each share directly, so you can leave out companies or sectors and harvest tax losses stock by stock.',
  },
  {
    question: 'Does ETF Replicator buy or sell stocks for me?',
    answer:
      'No. ETF Replicator never places trades and never holds your money. It shows the orders that would match the ETF; you place them at your own broker and record them here.',
  },
  {
    question: 'Is this investment advice?',
    answer:
      'No. ETF Replicator is a calculation and tracking tool. It does not recommend what or when to invest; those decisions stay with you.',
  },
  {
    question: 'Which ETFs can I replicate?',
    answer:
      'Popular US-listed ETFs such as VOO, SPY, QQQ, IVV, VTI, IWM, DIA, MTUM, VUG and QUAL, using each fund’s published holdings.',
  },
  {
    question: 'Can I use fractional shares?',
    answer:
      'Yes. Turn fractional shares on if your broker supports them. With whole shares only, the suggestions round down and show the cash that is left over.',
  },
  {
    question: 'How much do I need to start?',
    answer:
      'Any amount in USD. Small amounts work best with fractional shares; with whole shares the leftover cash is shown so you can see how closely you match the ETF.',
  },
  {
    question: 'How much does it cost?',
    answer:
      'The Free plan costs $0 and needs no credit card. Starter ($19), Growth ($39) and Pro ($59) are monthly subscriptions that renew automatically until you cancel them in your subscription settings.',
  },
  {
    question: 'How can direct indexing save money?',
    answer:
      'Holding the stocks yourself means a 0.00% management fee, saving 0.03-0.90% a year against ETF expense ratios, and tax-loss harvesting averages 1-2% a year in tax savings. Your results depend on your amounts and tax situation.',
  },
  {
    question: 'Where is my data stored?',
    answer:
      'ETF Replicator is operated by a company registered in Romania and stores your data in the European Union. The privacy policy explains what we keep and why.',
  },
];
