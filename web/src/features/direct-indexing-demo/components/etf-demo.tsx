import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useDemoAnalysis } from '../api/get-demo-analysis';
import { useDemoSuggestions } from '../api/get-demo-suggestions';
import { DemoResult } from './demo-result';
import { TickerCombobox } from './ticker-combobox';

/** Spec 2 §9: the demo's autocomplete waits 300 ms after the last keystroke. */
export const DEMO_DEBOUNCE_MS = 300;

/**
 * The signed-out 'Try It Yourself' demo (spec 2 §4): idle, loading, result. A failed analysis hides the result
 * without a message, as the spec asks.
 */
export const EtfDemo = () => {
  const [ticker, setTicker] = useState('');
  const [analysed, setAnalysed] = useState<string>();
  const suggestions = useDemoSuggestions(useDebouncedValue(ticker.trim(), DEMO_DEBOUNCE_MS));
  const analysis = useDemoAnalysis(analysed);

  const analyse = (symbol: string) => {
    const trimmed = symbol.trim();
    if (trimmed !== '') setAnalysed(trimmed);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    analyse(ticker);
  };

  return (
    <div className="space-y-6">
      <form onSubmit={submit} aria-label="ETF demo" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TickerCombobox
            value={ticker}
            suggestions={suggestions}
            onChange={setTicker}
            onPick={(symbol) => {
              setTicker(symbol);
              analyse(symbol);
            }}
          />
        </div>
        <Button type="submit" disabled={ticker.trim() === ''} className="sm:mb-px">
          Analyze
        </Button>
      </form>
      <div aria-live="polite">
        {analysis.isFetching && !analysis.isSuccess && <Spinner label={`Analyzing ${analysed}…`} />}
        {analysis.isSuccess && <DemoResult analysis={analysis.data} />}
      </div>
    </div>
  );
};
