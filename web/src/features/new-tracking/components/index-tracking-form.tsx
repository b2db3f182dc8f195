import { AMOUNT_MESSAGES } from '@etf-replicator/core/shared/money';
import { type FormEvent, useId, useState } from 'react';
import { IndexDefinitionFields } from '@/features/indexes/components/index-editor';
import { IndexPreviewSummary } from '@/features/indexes/components/index-preview-summary';
import { PAID_PLAN_TEXT } from '@/features/indexes/components/paid-plan-notice';
import type { useDraftPreview } from '@/features/indexes/hooks/use-draft-preview';
import { draftProblem, type IndexDraft } from '@/features/indexes/utils/index-draft';
import { useCreateIndexTracking } from '../hooks/use-create-index-tracking';
import { readWizardAmount } from '../utils/wizard-amount';
import { InvestmentAmountField } from './investment-amount-field';
import { WizardSubmit } from './wizard-submit';

type Props = {
  draft: IndexDraft;
  onDraftChange: (draft: IndexDraft) => void;
  checked: ReturnType<typeof useDraftPreview>;
  paid: boolean;
  plan: string | undefined;
  amount: string;
  onAmountChange: (text: string) => void;
};

/** The wizard for a blend or an own list (issue 30): the weights, what the server read, the amount, create. */
export const IndexTrackingForm = ({
  draft,
  onDraftChange,
  checked,
  paid,
  plan,
  amount,
  onAmountChange,
}: Props) => {
  const creation = useCreateIndexTracking();
  const [errors, setErrors] = useState<{ amount?: string; server?: string }>({});
  const reasonId = useId();
  const parsed = readWizardAmount(amount);
  const { request, preview } = checked;
  const reason = !paid
    ? PAID_PLAN_TEXT(plan)
    : (draftProblem(draft) ?? (preview.isError ? 'Fix the index first: see the message above.' : undefined));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason || !request) return;
    if (!parsed.ok) return setErrors({ amount: AMOUNT_MESSAGES.wizardInvalid });
    setErrors({});
    void creation.run(request, parsed.amount).then((message) => {
      if (message) setErrors({ server: message });
    });
  };
  return (
    <form noValidate onSubmit={submit} className="min-w-0 space-y-5">
      <IndexDefinitionFields
        draft={draft}
        onChange={(next) => {
          onDraftChange(next);
          setErrors({});
        }}
        paid={paid}
        plan={plan}
        disabled={creation.busy}
      />
      {paid && request && (
        <IndexPreviewSummary preview={preview.data} error={preview.error} loading={checked.checking} />
      )}
      <InvestmentAmountField
        value={amount}
        error={errors.amount}
        onChange={(text) => {
          onAmountChange(text);
          setErrors({});
        }}
      />
      {errors.server && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {errors.server}
        </p>
      )}
      <div>
        <WizardSubmit
          label="Create tracking"
          busyLabel="Creating..."
          busy={creation.busy}
          reasonId={reason ? reasonId : undefined}
        />
        {reason && (
          <p id={reasonId} className="mt-2 text-sm text-slate-600">
            {reason}
          </p>
        )}
      </div>
    </form>
  );
};
