import type { ImportPreview, ImportTrackingRequest } from '@etf-replicator/core/contracts/broker-import';
import { D } from '@etf-replicator/core/shared/decimal';
import { AMOUNT_MESSAGES } from '@etf-replicator/core/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PricesAsOf } from '@/components/ui/prices-as-of';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { importTracking, previewImport } from '../api/import-positions';
import { BLEND_TEXT_MESSAGE, readBlendText } from '../utils/blend-text';
import { readWizardAmount } from '../utils/wizard-amount';
import { ImportBudgetChoice, importTaxBudget } from './import-budget-choice';
import { ImportOptions, type ImportOptionValues } from './import-options';
import { ImportPreviewTables } from './import-preview';

const MAX_FILE_BYTES = 512 * 1024;
/** How long the options stay still before the preview is asked again (as long as the ETF search waits). */
export const IMPORT_PREVIEW_DEBOUNCE_MS = 500;

const messageOf = (error: unknown) =>
  isApiError(error) && error.status !== undefined && error.status < 500
    ? error.message
    : 'The import could not be checked right now. Please try again.';

/** The same body twice: what the preview showed is what confirming sends. */
const keyOf = (request: ImportTrackingRequest | undefined) => (request ? JSON.stringify(request) : '');

type Built =
  | { ok: true; request: ImportTrackingRequest }
  | { ok: false; field: 'form' | 'amount' | 'blend'; message: string };

/**
 * The wizard's "Import from broker" path (issue 17): a positions file (picked or pasted) and the tracking's options
 * (target amount, fractional shares, auto-tracking, short-term gains) → the preview (what is recorded, what is left
 * out and why, the orders after it, the gains budgets offered) → confirm, which creates the tracking with the chosen
 * budget in the same request (issue 31). Once a file was previewed, changing an option or the budget asks the
 * preview again (debounced), and confirm waits for it: the orders shown are the ones the tracking starts with.
 */
export const ImportFromBroker = ({ symbol }: { symbol: string | undefined }) => {
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string>();
  const [options, setOptions] = useState<ImportOptionValues>({
    blend: '',
    amount: '',
    fractionalShares: false,
    autoTracking: false,
    // On: with no limit chosen that is no budget at all, today's orders. Off by default would block every sale of a
    // broker file without dates (such a lot counts as short-term) before the investor chose anything.
    allowShortTermGains: true,
  });
  const { blend, amount, fractionalShares, autoTracking, allowShortTermGains } = options;
  const [preview, setPreview] = useState<ImportPreview>();
  const [previewed, setPreviewed] = useState<ImportTrackingRequest>();
  /** A preview of this file was asked for: option changes ask it again. */
  const [live, setLive] = useState(false);
  const [error, setError] = useState<string>();
  const [amountError, setAmountError] = useState<string>();
  const [blendError, setBlendError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  /** The gains budget chosen among the preview's offers (null: no limit). */
  const [budget, setBudget] = useState<string | null>(null);
  /** The latest preview request: answers to older ones are dropped. */
  const latest = useRef(0);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fileId = useId();
  const pasteId = useId();

  const fail = (message: string) => {
    setError(message);
    setAttempt((n) => n + 1);
  };
  /** Another file: the preview (and its refreshing) is gone until it is asked for again. */
  const fileChanged = () => {
    setPreview(undefined);
    setPreviewed(undefined);
    setLive(false);
    setError(undefined);
  };

  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again (after editing the pasted text) reads it again.
    event.target.value = '';
    if (!file) return;
    fileChanged();
    if (file.size > MAX_FILE_BYTES) return fail('The file is too large (at most 512 KB).');
    setFileName(file.name);
    setCsv(await file.text());
  };

  const build = (): Built => {
    const parts = readBlendText(blend);
    if (parts === 'invalid') return { ok: false, field: 'blend', message: BLEND_TEXT_MESSAGE };
    if (!symbol && !parts) return { ok: false, field: 'form', message: 'Please select an ETF symbol first.' };
    if (csv.trim() === '')
      return { ok: false, field: 'form', message: 'Choose your positions file or paste its contents.' };
    const target = amount.trim() === '' ? undefined : readWizardAmount(amount);
    if (target && !target.ok) return { ok: false, field: 'amount', message: AMOUNT_MESSAGES.wizardInvalid };
    const taxBudget = importTaxBudget(budget, allowShortTermGains);
    return {
      ok: true,
      request: {
        ...(parts ? { index: { type: 'blend' as const, parts } } : { symbol }),
        csv,
        ...(target ? { targetInvestmentAmount: target.amount } : {}),
        fractionalShares,
        autoTracking,
        ...(taxBudget ? { taxBudget } : {}),
      },
    };
  };
  const built = build();
  const current = built.ok ? built.request : undefined;
  const upToDate = preview !== undefined && current !== undefined && keyOf(current) === keyOf(previewed);

  const runPreview = async (request: ImportTrackingRequest) => {
    const id = ++latest.current;
    setBusy('preview');
    try {
      const answer = await previewImport(request);
      if (id !== latest.current) return;
      setPreview(answer);
      setPreviewed(request);
      setError(undefined);
    } catch (caught) {
      if (id !== latest.current) return;
      setPreview(undefined);
      setPreviewed(undefined);
      fail(messageOf(caught));
    } finally {
      if (id === latest.current) setBusy(null);
    }
  };

  /** Invalid input is shown where it is and nothing is sent; the file stays as chosen. */
  const check = (): ImportTrackingRequest | undefined => {
    if (built.ok) return built.request;
    if (built.field === 'amount') setAmountError(built.message);
    else if (built.field === 'blend') setBlendError(built.message);
    else fail(built.message);
  };

  const askPreview = () => {
    const request = check();
    if (!request) return;
    setLive(true);
    void runPreview(request);
  };

  // Options changed after a preview: ask again once they stay still (a pending answer is overtaken).
  const refresh = useEffectEvent(() => {
    if (!live || busy === 'import') return;
    if (upToDate) {
      // Back to the options shown: an answer for ones in between must not replace it.
      if (busy === 'preview') {
        latest.current += 1;
        setBusy(null);
      }
      return;
    }
    const request = check();
    if (request && keyOf(request) !== keyOf(previewed)) void runPreview(request);
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are the trigger; refresh reads the rest
  useEffect(() => {
    if (!live) return;
    const timer = setTimeout(refresh, IMPORT_PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [live, blend, amount, fractionalShares, autoTracking, allowShortTermGains, budget]);

  const confirm = async () => {
    if (!previewed || !upToDate) return;
    setBusy('import');
    try {
      const created = await importTracking(previewed);
      void queryClient.invalidateQueries({ queryKey: ['trackings'] });
      notify.success(`Tracking created with ${created.preview.recorded.length} imported positions`);
      navigate(paths.trackingById(created.symbol, created.trackingId), {
        state: { trackingId: created.trackingId },
      });
    } catch (caught) {
      fail(messageOf(caught));
    } finally {
      setBusy(null);
    }
  };

  /** What an empty target amount means: the positions' value plus the file's cash, up to the cent (as the server). */
  const defaultTarget =
    preview === undefined
      ? undefined
      : new D(preview.importedValue).add(preview.cashAmount).toDecimalPlaces(2, D.ROUND_UP);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Start from what you already hold: upload the positions file your broker exports (Schwab, Fidelity,
        Vanguard, Interactive Brokers, E*TRADE) or a CSV with <code>symbol,shares,costBasis,acquired</code>.
      </p>
      <div>
        <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
          Positions file (CSV)
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(event) => void pickFile(event)}
          className="mt-1.5 block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700"
        />
        {fileName && <p className="mt-1 truncate text-xs text-slate-500">{fileName}</p>}
      </div>
      <div>
        <label htmlFor={pasteId} className="block text-sm font-medium text-slate-800">
          Or paste the file's contents
        </label>
        <textarea
          id={pasteId}
          rows={4}
          value={csv}
          spellCheck={false}
          onChange={(event) => {
            setCsv(event.target.value);
            setFileName(undefined);
            fileChanged();
          }}
          placeholder={'symbol,shares,costBasis,acquired\nAAPL,10,1500,2023-01-15'}
          className="mt-1.5 block w-full min-w-0 rounded-md border-0 px-3 py-2 font-mono text-xs text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
        />
      </div>
      <ImportOptions
        values={options}
        onChange={(change) => {
          setOptions((current) => ({ ...current, ...change }));
          if (change.amount !== undefined) setAmountError(undefined);
          if (change.blend !== undefined) setBlendError(undefined);
        }}
        amountError={amountError}
        blendError={blendError}
        defaultTarget={defaultTarget}
        disabled={busy === 'import'}
      />
      <FormError message={error} attempt={attempt} />
      <Button
        variant="secondary"
        className="w-full"
        aria-disabled={busy !== null || undefined}
        onClick={() => {
          if (busy === null) askPreview();
        }}
      >
        {busy === 'preview' ? 'Checking...' : 'Preview import'}
      </Button>
      {preview && (
        <>
          <div aria-busy={!upToDate || undefined} className={upToDate ? undefined : 'opacity-60'}>
            {!upToDate && (
              <p role="status" className="mb-3 text-sm text-slate-600">
                {current
                  ? 'Updating the preview for your options...'
                  : 'This preview is for the previous options: correct the target amount to update it.'}
              </p>
            )}
            <PricesAsOf className="mb-3" pricesAsOf={preview.pricesAsOf} />
            <ImportPreviewTables preview={preview} />
          </div>
          <ImportBudgetChoice
            preview={preview}
            chosen={budget}
            onChoose={setBudget}
            disabled={busy !== null || !upToDate}
          />
          <Button
            className="w-full"
            disabled={preview.recorded.length === 0 || !upToDate}
            aria-disabled={busy !== null || undefined}
            onClick={() => {
              if (busy === null) void confirm();
            }}
          >
            {busy === 'import' ? 'Creating...' : 'Create tracking with these positions'}
          </Button>
        </>
      )}
    </div>
  );
};
