import { dec } from '../../shared/decimal';
import { DomainError } from '../../shared/domain-error';
import { AMOUNT_CAP, normaliseNumberText, toMoneyString } from '../../shared/money';
import { taxYearOf } from '../../tax/trade-date';
import type { SetTaxBudget } from '../commands';
import type { TaxBudgetSet, TaxBudgetSetting } from '../events';
import type { Tracking } from '../state';
import { emit, occurredAt, requireActive } from './guards';

const MONEY_TEXT = /^\d+(\.\d{1,2})?$/;

export const taxBudgetErrors = {
  invalidYear: (thisYear: number) =>
    new DomainError(
      'INVALID_TAX_YEAR',
      'validation',
      `The tax year (year) must be ${thisYear} or ${thisYear + 1}`,
      'year',
    ),
  invalidMaxNetGain: () =>
    new DomainError(
      'INVALID_MAX_NET_GAIN',
      'validation',
      'The gains budget (maxNetGain) must be an amount of at least 0 with at most 2 decimals, or null for no limit',
      'maxNetGain',
    ),
};

/** The budget as a canonical money string (≥ 0, at most 2 decimals, within the amount cap), or a validation error. */
export const checkMaxNetGain = (value: string | number): string => {
  const text = typeof value === 'number' && !Number.isFinite(value) ? '' : normaliseNumberText(value);
  if (!MONEY_TEXT.test(text)) throw taxBudgetErrors.invalidMaxNetGain();
  const amount = dec(text);
  if (amount.gt(AMOUNT_CAP)) throw taxBudgetErrors.invalidMaxNetGain();
  return toMoneyString(amount);
};

/**
 * A requested budget as the tracking records it: this tax year or the next (New York time decides the year, as for
 * sales), the amount canonical. Shared by SetTaxBudget and a tracking created with a budget (the import).
 */
export const checkTaxBudget = (data: SetTaxBudget['data'], now: Date): TaxBudgetSetting => {
  const thisYear = taxYearOf(now.toISOString());
  if (!Number.isInteger(data.year) || data.year < thisYear || data.year > thisYear + 1)
    throw taxBudgetErrors.invalidYear(thisYear);
  return {
    year: data.year,
    maxNetGain: data.maxNetGain === null ? null : checkMaxNetGain(data.maxNetGain),
    allowShortTermGains: data.allowShortTermGains,
  };
};

const sameBudget = (a: TaxBudgetSetting | null, b: TaxBudgetSetting | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.year === b.year &&
    a.allowShortTermGains === b.allowShortTermGains &&
    (a.maxNetGain === null
      ? b.maxNetGain === null
      : b.maxNetGain !== null && dec(a.maxNetGain).eq(b.maxNetGain)));

/**
 * Sets the gains budget the tracking's orders respect (issue 31) for this tax year or the next. Asking for the
 * budget already set changes nothing.
 */
export const setTaxBudget = ({ data, metadata }: SetTaxBudget, state: Tracking): TaxBudgetSet[] => {
  const tracking = requireActive(state, metadata);
  const taxBudget = checkTaxBudget(data, metadata.now);
  const previous = tracking.settings.taxBudget ?? null;
  if (sameBudget(previous, taxBudget)) return [];
  return emit<TaxBudgetSet>(metadata, 'TaxBudgetSet', {
    taxBudget,
    previous,
    occurredAt: occurredAt(metadata),
  });
};
