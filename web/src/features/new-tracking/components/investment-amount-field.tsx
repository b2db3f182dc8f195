import { AmountInput } from '@/components/ui/amount-input';

/** The wizard's amount to replicate (spec 2 §5), for one ETF and for a blend or a list alike. */
export const InvestmentAmountField = ({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
}) => (
  <AmountInput
    label="Investment amount (USD)"
    placeholder="10,000.00"
    value={value}
    error={error}
    onValueChange={onChange}
  />
);
