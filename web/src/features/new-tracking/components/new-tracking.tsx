import { AMOUNT_MESSAGES } from '@etf-replicator/core/shared/money';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { PageTitle } from '@/components/ui/page-title';
import { IndexCompositionList } from '@/features/indexes/components/index-composition-list';
import { IndexKindChoice } from '@/features/indexes/components/index-kind-choice';
import { useDraftPreview, usePaidPlan } from '@/features/indexes/hooks/use-draft-preview';
import { draftProblem, emptyDraft, type IndexDraft } from '@/features/indexes/utils/index-draft';
import type { SymbolSuggestion } from '../api/search-symbols';
import { useReplicateEtf } from '../hooks/use-replicate-etf';
import { availabilityOf, useSymbolAvailability } from '../hooks/use-symbol-availability';
import { readWizardAmount } from '../utils/wizard-amount';
import { EtfSearch } from './etf-search';
import { ImportFromBroker } from './import-from-broker';
import { IndexTrackingForm } from './index-tracking-form';
import { InvestmentAmountField } from './investment-amount-field';
import { WizardSteps, wizardStep } from './wizard-steps';
import { WizardSubmit } from './wizard-submit';

type Props = {
  symbol: string | undefined;
  /** The selected-ETF card's contents. */
  renderEtfSummary: (symbol: string) => ReactNode;
  /** The side panel with the chosen ETF's holdings. */
  renderHoldings: (symbol: string) => ReactNode;
};

const NO_SYMBOL = 'Please select an ETF symbol';

/** The new-tracking wizard of spec 2 §2/§4: pick an ETF, set the amount, replicate. */
export const NewTracking = ({ symbol: routeSymbol, renderEtfSummary, renderHoldings }: Props) => {
  const [symbol, setSymbol] = useState(routeSymbol?.toUpperCase());
  /** The suggestion the symbol was picked from; undefined for the route's symbol (checked by its own look-up). */
  const [picked, setPicked] = useState<SymbolSuggestion>();
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ symbol?: string; amount?: string }>({});
  /** Start from cash (replicate an amount) or from positions held at a broker (issue 17). */
  const [start, setStart] = useState<'cash' | 'import'>('cash');
  const replication = useReplicateEtf();
  /** One ETF (the flow below) or, issue 30, a blend of ETFs or an own list. */
  const [draft, setDraft] = useState<IndexDraft>(() => emptyDraft());
  const { paid, plan } = usePaidPlan();
  const checked = useDraftPreview(draft, { enabled: paid });
  const onIndex = draft.kind !== 'etf';
  const looked = useSymbolAvailability(picked ? undefined : symbol);
  const availability = picked ? availabilityOf(picked) : looked;
  const unavailable = availability?.status === 'unavailable' ? availability.reason : undefined;
  const reasonId = useId();
  const parsed = readWizardAmount(amount);
  const step = onIndex
    ? wizardStep(paid && draftProblem(draft) === undefined, parsed.ok)
    : wizardStep(symbol !== undefined && !unavailable, parsed.ok);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!symbol) return setErrors({ symbol: NO_SYMBOL });
    if (unavailable) return;
    if (!parsed.ok) return setErrors({ amount: AMOUNT_MESSAGES.wizardInvalid });
    setErrors({});
    void replication.run(symbol, parsed.amount).then((amountError) => {
      if (amountError) setErrors({ amount: amountError });
    });
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <PageTitle title="New Tracking" />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">New Tracking</h1>
      <p className="mt-1 text-slate-600">
        {onIndex
          ? 'Build the index you want from ETFs or your own list of stocks, set the amount and replicate it.'
          : symbol && !unavailable
            ? `Replicating ${symbol}`
            : 'Pick an ETF, set the amount and replicate it with individual stocks.'}
      </p>
      <div className="mt-4">
        <WizardSteps step={step} />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <IndexKindChoice
            name="new-tracking-index"
            value={draft.kind}
            onChange={(kind) => setDraft({ ...draft, kind })}
          />
          {onIndex ? (
            <IndexTrackingForm
              draft={draft}
              onDraftChange={setDraft}
              checked={checked}
              paid={paid}
              plan={plan}
              amount={amount}
              onAmountChange={setAmount}
            />
          ) : (
            <form noValidate onSubmit={submit} className="space-y-5">
              <EtfSearch
                error={errors.symbol}
                onSelect={(suggestion) => {
                  setSymbol(suggestion.symbol);
                  setPicked(suggestion);
                  setErrors({});
                }}
              />
              {symbol && (
                <fieldset className="min-w-0 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
                  <legend className="sr-only">Selected ETF</legend>
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0 flex-1">{renderEtfSummary(symbol)}</div>
                    <button
                      type="button"
                      className="text-sm font-semibold text-indigo-700 hover:underline"
                      onClick={() => {
                        setSymbol(undefined);
                        setPicked(undefined);
                      }}
                    >
                      Change<span className="sr-only"> ETF</span>
                    </button>
                  </div>
                  {unavailable && (
                    <p id={reasonId} className="mt-3 text-sm text-amber-800">
                      {`${symbol} cannot be replicated: ${unavailable}. Pick an ETF from the suggestions.`}
                    </p>
                  )}
                </fieldset>
              )}
              <fieldset>
                <legend className="text-sm font-medium text-slate-800">Start from</legend>
                <div className="mt-1.5 grid grid-cols-2 gap-2">
                  {(
                    [
                      ['cash', 'Cash'],
                      ['import', 'Import from broker'],
                    ] as const
                  ).map(([value, label]) => (
                    <button
                      key={value}
                      type="button"
                      aria-pressed={start === value}
                      onClick={() => setStart(value)}
                      className={`rounded-md px-3 py-2 text-sm font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                        start === value
                          ? 'bg-indigo-50 text-indigo-800 ring-indigo-300'
                          : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
                      }`}
                    >
                      {label}
                    </button>
                  ))}
                </div>
              </fieldset>
              {start === 'import' ? (
                <ImportFromBroker symbol={symbol && !unavailable ? symbol : undefined} />
              ) : (
                <>
                  <InvestmentAmountField
                    value={amount}
                    error={errors.amount}
                    onChange={(text) => {
                      setAmount(text);
                      setErrors((current) => ({ ...current, amount: undefined }));
                    }}
                  />
                  <WizardSubmit
                    label="Replicate ETF"
                    busyLabel="Replicating..."
                    busy={replication.busy}
                    reasonId={unavailable ? reasonId : undefined}
                  />
                </>
              )}
            </form>
          )}
        </div>
        <aside
          aria-label={onIndex ? 'Index holdings' : 'ETF holdings'}
          className="min-w-0 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          {onIndex ? (
            <IndexCompositionList preview={paid ? checked.preview.data : undefined} />
          ) : symbol ? (
            renderHoldings(symbol)
          ) : (
            <p className="text-sm text-slate-600">Pick an ETF to see its holdings here.</p>
          )}
        </aside>
      </div>
    </section>
  );
};
