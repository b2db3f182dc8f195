import { Accordion } from 'radix-ui';
import { faqEntries } from './faq-entries';

/** Nine questions in an accordion: each question is a button (Enter/Space toggle, arrows move between them). */
export const Faq = () => (
  <section
    id="faq"
    tabIndex={-1}
    aria-labelledby="faq-heading"
    className="scroll-mt-20 bg-slate-50 py-16 outline-none sm:py-24"
  >
    <div className="mx-auto max-w-3xl px-4">
      <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
        Frequently asked questions
      </h2>
      <Accordion.Root
        type="single"
        collapsible
        className="mt-10 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200"
      >
        {faqEntries.map((entry) => (
          <Accordion.Item key={entry.question} value={entry.question}>
            <Accordion.Header asChild>
              <h3>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600">
                  {entry.question}
                  <span
                    aria-hidden="true"
                    className="text-xl leading-none text-indigo-600 transition-transform group-data-[state=open]:rotate-45 motion-reduce:transition-none"
                  >
                    +
                  </span>
                </Accordion.Trigger>
              </h3>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-5 text-slate-600">{entry.answer}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </div>
  </section>
);
