import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/domain-error';
import { DeciderSpecification } from '../../testing/decider-specification';
import { command, created, OWNER, TRACKING_ID } from '../../testing/tracking-fixtures';
import type { CreateTracking } from '../commands';
import { trackingDecider } from '../decider';

const given = DeciderSpecification.for(trackingDecider);
const create = (overrides: Partial<CreateTracking['data']> = {}) =>
  command<CreateTracking>(
    'CreateTracking',
    {
      trackingId: TRACKING_ID,
      userId: OWNER,
      symbol: 'voo',
      targetAmount: '10,000',
      numberOfWeightings: 10,
      plan: null,
      existingTrackings: 0,
      numberOfWeightingsCap: 10,
      ...overrides,
    },
    0,
  );
const refusedWith = (code: string, kind: DomainError['kind'], message?: string) => (error: unknown) =>
  error instanceof DomainError &&
  error.code === code &&
  error.kind === kind &&
  (!message || error.message === message);

describe('Tracking', () => {
  describe('When it does not exist yet', () => {
    it('creates it with cash equal to the target amount and the settings asked for', () => {
      given([])
        .when(create())
        .then(created({ lotMethod: 'TAX_OPTIMAL' }));
    });

    it('starts a new tracking with TAX_OPTIMAL lots, while one created before the option reads as HIFO', () => {
      const fresh = given([]).when(create()).state();
      expect(fresh.status === 'Active' && fresh.settings.lotMethod).toBe('TAX_OPTIMAL');
      const old = given([created()])
        .when(command('ToggleFractional', {}, 1))
        .state();
      expect(old.status === 'Active' && old.settings.lotMethod).toBe('HIFO');
    });

    it('refuses a new tracking once the plan limit is reached', () => {
      given([])
        .when(create({ existingTrackings: 1 }))
        .thenThrows(
          refusedWith(
            'TRACKING_LIMIT_REACHED',
            'forbidden',
            'Purchase a premium plan to unlock more trackings or upgrade your current plan',
          ),
        );
    });

    it('allows a GROWTH user a fifth tracking', () => {
      given([])
        .when(create({ plan: 'GROWTH', existingTrackings: 4 }))
        .then(created({ lotMethod: 'TAX_OPTIMAL' }));
    });

    it("refuses more weightings than the plan's cap for this ETF", () => {
      given([])
        .when(create({ numberOfWeightings: 11 }))
        .thenThrows(refusedWith('NUMBER_OF_WEIGHTINGS_ABOVE_PLAN', 'forbidden'));
    });

    it('rejects a zero amount with the wizard message', () => {
      given([])
        .when(create({ targetAmount: '0' }))
        .thenThrows(
          refusedWith('AMOUNT_NOT_POSITIVE', 'validation', 'Please enter a valid investment amount'),
        );
    });

    it('rejects an amount above 9,999,999,999.99', () => {
      given([])
        .when(create({ targetAmount: '10000000000.00' }))
        .thenThrows(refusedWith('AMOUNT_ABOVE_CAP', 'validation'));
    });

    it('asks for an ETF symbol when none is given', () => {
      given([])
        .when(create({ symbol: ' ' }))
        .thenThrows(refusedWith('SYMBOL_REQUIRED', 'validation', 'Please select an ETF symbol'));
    });
  });

  describe('When it already exists', () => {
    it('refuses to create it again', () => {
      given([created()]).when(create()).thenThrows(refusedWith('TRACKING_ALREADY_EXISTS', 'conflict'));
    });
  });
});
