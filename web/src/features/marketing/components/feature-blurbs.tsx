import { icons } from '@/components/ui/icons';

const features = [
  {
    icon: icons.table,
    title: 'ETF holdings weights',
    text: 'See every stock an ETF holds and its weight, so you know exactly what you are copying.',
  },
  {
    icon: icons.chart,
    title: 'Personalised BUY/SELL suggestions',
    text: 'Enter any amount and get the orders that match the ETF, with fractional or whole shares.',
  },
  {
    icon: icons.briefcase,
    title: 'Automatic tracking',
    text: 'Record the orders you place at your broker, then follow your replication rate, leftover cash and gain/loss.',
  },
  {
    icon: icons.shield,
    title: 'Your index, your rules',
    text: 'Choose the number of holdings, leave out companies or sectors, focus on ESG and track tax-loss harvesting.',
  },
] as const;

export const FeatureBlurbs = () => (
  <section
    id="features"
    tabIndex={-1}
    aria-labelledby="features-heading"
    className="scroll-mt-20 py-16 outline-none sm:py-24"
  >
    <div className="mx-auto max-w-6xl px-4">
      <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
        Features
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
        Everything you need to hold an index yourself, one stock at a time.
      </p>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map((feature) => (
          <li key={feature.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <span className="grid size-10 place-items-center rounded-lg bg-indigo-100 text-indigo-700">
              {feature.icon}
            </span>
            <h3 className="mt-4 font-semibold text-slate-900">{feature.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{feature.text}</p>
          </li>
        ))}
      </ul>
    </div>
  </section>
);
