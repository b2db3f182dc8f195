import { SHARES_MESSAGES } from '@etf-replicator/core/shared/shares';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SharesInput } from './shares-input';

const Harness = ({
  fractionalEnabled,
  readOnly = false,
}: {
  fractionalEnabled: boolean;
  readOnly?: boolean;
}) => {
  const [value, setValue] = useState(readOnly ? '0.5' : '');
  return (
    <SharesInput
      label="Shares to BUY AAPL"
      value={value}
      onValueChange={setValue}
      fractionalEnabled={fractionalEnabled}
      readOnly={readOnly}
      error={undefined}
    />
  );
};

const field = () => screen.getByRole('textbox', { name: 'Shares to BUY AAPL' });

describe('SharesInput', () => {
  it('never drops a typed point while fractional shares are off: 2.5 stays 2.5 and is refused (issue 15)', async () => {
    const user = userEvent.setup();
    render(<Harness fractionalEnabled={false} />);
    await user.type(field(), '2.5');
    expect(field()).toHaveValue('2.5');
    expect(field()).toHaveAccessibleDescription(SHARES_MESSAGES.fractionalTyped);
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    await user.type(field(), '{Backspace}{Backspace}');
    expect(field()).toHaveValue('2');
    expect(field()).not.toHaveAttribute('aria-invalid');
    await user.clear(field());
    await user.type(field(), '12');
    expect(field()).toHaveValue('12');
    expect(field()).toHaveAccessibleDescription('');
  });

  it('takes up to 2 decimals with fractional shares on, and at most 10 digits before the point', async () => {
    const user = userEvent.setup();
    render(<Harness fractionalEnabled />);
    await user.type(field(), '.125');
    expect(field()).toHaveValue('0.12');
    await user.clear(field());
    await user.type(field(), '123456789012');
    expect(field()).toHaveValue('1234567890');
  });

  it('is read-only with its message for a fractional suggestion while fractional shares are off', async () => {
    const user = userEvent.setup();
    render(<Harness fractionalEnabled={false} readOnly />);
    await user.type(field(), '7');
    expect(field()).toHaveValue('0.5');
    expect(field()).toHaveAttribute('readonly');
    expect(field()).toHaveAccessibleDescription(SHARES_MESSAGES.fractionalSuggested);
  });
});
