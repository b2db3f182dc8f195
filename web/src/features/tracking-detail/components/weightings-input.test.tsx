import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WeightingsInput } from './weightings-input';

const mount = (value = 25, cap = 503) => {
  const onApply = vi.fn();
  render(<WeightingsInput value={value} cap={cap} disabled={false} onApply={onApply} />);
  return {
    onApply,
    field: screen.getByRole('spinbutton', { name: 'Number of weightings' }),
    user: userEvent.setup(),
  };
};

describe('Number of weightings (issue 32: a number field instead of a 503-option select)', () => {
  it('takes a typed number within the plan cap and sends it on Enter', async () => {
    const { onApply, field, user } = mount();
    expect(field).toHaveAttribute('aria-valuemin', '1');
    expect(field).toHaveAttribute('aria-valuemax', '503');
    expect(field).toHaveAttribute('aria-valuenow', '25');
    await user.clear(field);
    await user.type(field, '120');
    expect(onApply).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onApply).toHaveBeenCalledExactlyOnceWith(120);
  });

  it('steps with the keys: arrows by one, Page keys by ten, Home and End to the ends; Escape goes back', async () => {
    const { onApply, field, user } = mount();
    await user.click(field);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(field).toHaveValue('27');
    await user.keyboard('{PageDown}');
    expect(field).toHaveValue('17');
    await user.keyboard('{End}');
    expect(field).toHaveValue('503');
    await user.keyboard('{ArrowUp}');
    expect(field).toHaveValue('503');
    await user.keyboard('{Home}{ArrowDown}');
    expect(field).toHaveValue('1');
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('25');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('says the range when the number is outside it, and cannot apply it', async () => {
    const { onApply, field, user } = mount(5, 40);
    await user.clear(field);
    await user.type(field, '41');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Enter a whole number from 1 to 40: your plan allows up to 40.',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/your plan allows up to 40\.$/);
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.keyboard('{Enter}');
    await user.clear(field);
    await user.type(field, '0');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.clear(field);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('ignores anything but digits as it is typed', async () => {
    const { field, user } = mount(5, 40);
    await user.clear(field);
    await user.type(field, '1a2.5-');
    expect(field).toHaveValue('125');
  });

  it('steps with − and +, never beyond 1 or the cap, and applies with the button', async () => {
    const { onApply, field, user } = mount(2, 3);
    const fewer = screen.getByRole('button', { name: 'One weighting fewer' });
    const more = screen.getByRole('button', { name: 'One weighting more' });
    await user.click(more);
    expect(field).toHaveValue('3');
    expect(more).toBeDisabled();
    await user.click(fewer);
    await user.click(fewer);
    expect(field).toHaveValue('1');
    expect(fewer).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledExactlyOnceWith(1);
  });
});
