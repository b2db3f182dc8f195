import { describe, expect, it } from 'vitest';
import { screenIndustries } from '../../indexes/screens';
import { DomainError } from '../../shared/domain-error';
import { DeciderSpecification } from '../../testing/decider-specification';
import { command, created, event, metadata } from '../../testing/tracking-fixtures';
import type { EtfHoldingRef, ExcludeHoldings, IncludeHoldings, RevertAction } from '../commands';
import { trackingDecider } from '../decider';
import { type HoldingsExcluded, type HoldingsIncluded, parseTrackingEvent } from '../events';
import { NO_EXCLUSIONS } from '../exclusions';
import type { ActiveTracking } from '../state';
import { proposedExclusions } from './exclusions';

const given = DeciderSpecification.for(trackingDecider);
const HOLDINGS: EtfHoldingRef[] = [
  {
    symbol: 'AAPL',
    sector: 'Information Technology',
    industry: 'Technology Hardware, Storage & Peripherals',
    priced: true,
  },
  { symbol: 'PM', sector: 'Consumer Staples', industry: 'Tobacco', priced: true },
  { symbol: 'MO', sector: 'Consumer Staples', industry: 'Tobacco', priced: true },
  { symbol: 'XOM', sector: 'Energy', industry: 'Integrated Oil & Gas', priced: true },
  { symbol: 'ASML', sector: 'Information Technology', industry: null, priced: true },
];
const KNOWN = [
  'Tobacco',
  'Integrated Oil & Gas',
  'Casinos & Gaming',
  'Technology Hardware, Storage & Peripherals',
];
const exclude = (data: Partial<ExcludeHoldings['data']>, n = 5): ExcludeHoldings =>
  command<ExcludeHoldings>(
    'ExcludeHoldings',
    {
      symbols: [],
      sectors: [],
      mode: 'sell',
      plan: 'STARTER',
      holdings: HOLDINGS,
      knownIndustries: KNOWN,
      ...data,
    },
    n,
  );
const include = (data: Partial<IncludeHoldings['data']>, n = 6): IncludeHoldings =>
  command<IncludeHoldings>('IncludeHoldings', { symbols: [], sectors: [], ...data }, n);
const refusedWith = (code: string, message?: string) => (error: unknown) =>
  error instanceof DomainError && error.code === code && (message === undefined || error.message === message);

const tobaccoExcluded = event<HoldingsExcluded>(3, 'HoldingsExcluded', {
  symbols: [],
  sectors: [],
  industries: ['Tobacco'],
  mode: 'keep',
  previous: NO_EXCLUSIONS,
});
const fold = (...events: Parameters<typeof trackingDecider.evolve>[1][]) =>
  events.reduce(trackingDecider.evolve, trackingDecider.initialState()) as ActiveTracking;

describe('Tracking industry exclusions (issue 30)', () => {
  it('records industries as the classification spells them, a screen as its industries', () => {
    given([created()])
      .when(exclude({ industries: ['casinos & gaming'], screens: ['tobacco', 'fossil-fuels'] }))
      .then(
        event<HoldingsExcluded>(5, 'HoldingsExcluded', {
          symbols: [],
          sectors: [],
          // Sorted: casinos, the fossil fuel screen's seven (coal, then oil & gas), tobacco.
          industries: ['Casinos & Gaming', ...screenIndustries(['fossil-fuels']), 'Tobacco'],
          mode: 'sell',
          previous: NO_EXCLUSIONS,
        }),
      );
  });

  it('refuses an industry not in the classification and an unknown screen (400, naming them)', () => {
    given([created()])
      .when(exclude({ industries: ['Tobacco', 'Tabacco', 'Crypto'] }))
      .thenThrows(
        refusedWith(
          'UNKNOWN_INDUSTRY',
          '"Tabacco", "Crypto" are not industries of the bundled GICS classification',
        ),
      );
    given([created()])
      .when(exclude({ screens: ['weapons'] }))
      .thenThrows(refusedWith('UNKNOWN_SCREEN'));
  });

  it('refuses industries on Free (403) and an exclusion that leaves nothing to buy', () => {
    given([created()])
      .when(exclude({ screens: ['tobacco'], plan: null }))
      .thenThrows(
        (error) => refusedWith('EXCLUSIONS_ABOVE_PLAN')(error) && (error as DomainError).kind === 'forbidden',
      );
    given([created()])
      .when(
        exclude({
          symbols: ['ASML'],
          industries: ['Tobacco', 'Integrated Oil & Gas', 'Technology Hardware, Storage & Peripherals'],
        }),
      )
      .thenThrows(refusedWith('EXCLUDES_EVERYTHING'));
  });

  it('evolves into the state, and a screen named again in the same mode changes nothing', () => {
    const state = fold(created(), tobaccoExcluded);
    expect(state.exclusions).toEqual({
      symbols: [],
      sectors: [],
      industries: [{ industry: 'Tobacco', mode: 'keep' }],
    });
    given([created(), tobaccoExcluded])
      .when(exclude({ screens: ['tobacco'], mode: 'keep' }))
      .thenNothingHappened();
  });

  it('takes an industry back (by name or by screen), with what was before', () => {
    const expected = event<HoldingsIncluded>(6, 'HoldingsIncluded', {
      symbols: [],
      sectors: [],
      industries: ['Tobacco'],
      previous: { symbols: [], sectors: [], industries: [{ industry: 'Tobacco', mode: 'keep' }] },
    });
    given([created(), tobaccoExcluded])
      .when(include({ industries: ['TOBACCO'] }))
      .then(expected);
    given([created(), tobaccoExcluded])
      .when(include({ screens: ['tobacco'] }))
      .then(expected);
    given([created(), tobaccoExcluded])
      .when(include({ industries: ['Casinos & Gaming'] }))
      .thenNothingHappened();
  });

  it('a revert restores exactly the exclusions before the change', () => {
    const excluded = event<HoldingsExcluded>(4, 'HoldingsExcluded', {
      symbols: ['AAPL'],
      sectors: [],
      industries: ['Casinos & Gaming', 'Tobacco'],
      mode: 'sell',
      previous: fold(created(), tobaccoExcluded).exclusions,
    });
    const before = fold(created(), tobaccoExcluded);
    const after = fold(created(), tobaccoExcluded, excluded);
    expect(after.exclusions.industries).toEqual([
      { industry: 'Casinos & Gaming', mode: 'sell' },
      { industry: 'Tobacco', mode: 'sell' },
    ]);
    const revert: RevertAction = { type: 'RevertAction', data: { actionId: 'evt-4' }, metadata: metadata(9) };
    const [reverted] = trackingDecider.decide(revert, after);
    expect(trackingDecider.evolve(after, reverted!)).toMatchObject({ exclusions: before.exclusions });
  });

  it('the preview keeps saved industries in their mode and adds new ones in the mode asked', () => {
    const state = fold(created(), tobaccoExcluded);
    expect(
      proposedExclusions(
        state,
        { symbols: [], sectors: [], industries: ['Casinos & Gaming'], screens: ['tobacco'], mode: 'sell' },
        'PRO',
        HOLDINGS,
        KNOWN,
      ).industries,
    ).toEqual([
      { industry: 'Casinos & Gaming', mode: 'sell' },
      { industry: 'Tobacco', mode: 'keep' },
    ]);
  });
});

describe('Exclusion events stored before industries (v1)', () => {
  const v1Excluded = {
    symbols: ['AAPL'],
    sectors: ['Energy'],
    mode: 'sell',
    previous: { symbols: [], sectors: [{ sector: 'Health Care', mode: 'keep' }] },
    occurredAt: '2026-01-01T12:00:03.000Z',
  };

  it('read exactly as before: no industry excluded, none before', () => {
    expect(parseTrackingEvent('HoldingsExcluded', v1Excluded, 1).data).toEqual({
      ...v1Excluded,
      industries: [],
      previous: { ...v1Excluded.previous, industries: [] },
    });
    const v1Included = {
      symbols: [],
      sectors: ['Energy'],
      previous: v1Excluded.previous,
      occurredAt: v1Excluded.occurredAt,
    };
    expect(parseTrackingEvent('HoldingsIncluded', v1Included, undefined).data).toMatchObject({
      industries: [],
    });
  });

  it('fold and revert as before', () => {
    const stored = parseTrackingEvent('HoldingsExcluded', v1Excluded, 1);
    const state = fold(created(), { id: 'evt-3', ...stored } as HoldingsExcluded);
    expect(state.exclusions).toEqual({
      symbols: [{ symbol: 'AAPL', mode: 'sell' }],
      sectors: [{ sector: 'Energy', mode: 'sell' }],
      industries: [],
    });
    const v1Revert = {
      actionId: 'evt-3',
      actionType: 'EXCLUDE_HOLDINGS',
      compensation: {
        cash: '0',
        targetAmount: '0',
        positions: [],
        settings: {},
        exclusions: v1Excluded.previous,
      },
      occurredAt: '2026-01-01T12:00:04.000Z',
    };
    const reverted = parseTrackingEvent('ActionReverted', v1Revert, 1);
    const after = trackingDecider.evolve(state, { id: 'evt-4', ...reverted } as Parameters<
      typeof trackingDecider.evolve
    >[1]);
    expect(after).toMatchObject({
      exclusions: { symbols: [], sectors: [{ sector: 'Health Care', mode: 'keep' }], industries: [] },
    });
    // A v1 revert without exclusions reads unchanged.
    const plain = {
      ...v1Revert,
      actionType: 'RAISE_TARGET',
      compensation: { ...v1Revert.compensation, exclusions: undefined },
    };
    expect(parseTrackingEvent('ActionReverted', plain, 1).data).toEqual(
      parseTrackingEvent('ActionReverted', plain, 2).data,
    );
  });
});
