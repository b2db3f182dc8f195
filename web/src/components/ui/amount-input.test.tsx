import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AmountInput } from './amount-input';

const Harness = ({ error }: { error?: string }) => {
  const [value, setValue] = useState('');
  return <AmountInput label="Investment amount" value={value} onValueChange={setValue} error={error} />;
};

const setup = (error?: string) => {
  const user = userEvent.setup();
  render(<Harness {...(error ? { error } : {})} />);
  return { user, input: screen.getByRole('textbox', { name: 'Investment amount' }) };
};

describe('AmountInput', () => {
  it('groups thousands and keeps at most 2 decimals while typing', async () => {
    const { user, input } = setup();
    await user.type(input, '1234567.891');
    expect(input).toHaveValue('1,234,567.89');
  });

  it("turns a leading '.' into '0.'", async () => {
    const { user, input } = setup();
    await user.type(input, '.5');
    expect(input).toHaveValue('0.5');
  });

  it('ignores letters and stops at the 12-digit cap', async () => {
    const { user, input } = setup();
    await user.type(input, 'a9b999999999999');
    expect(input).toHaveValue('9,999,999,999');
    await user.type(input, '.999');
    expect(input).toHaveValue('9,999,999,999.99');
  });

  it('announces its error and marks the field invalid', () => {
    const { input } = setup('Please enter a valid investment amount greater than zero.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a valid investment amount greater than zero.');
  });
});
