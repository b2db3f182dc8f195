import { type EventStore, type Position, WrongExpectedVersionError } from '@etf-replicator/core';
import {
  CORPORATE_ACTION_RECORDED,
  CORPORATE_ACTION_SCHEMA_VERSION,
  CORPORATE_ACTIONS_STREAM,
  type CorporateActionRecorded,
  type CorporateActionTerms,
  corporateActionKey,
  corporateActionRecordedSchema,
} from '@etf-replicator/core/market-data/corporate-action-event';
import { nameBasedUuid } from '../content-hash';

export type CorporateActionSource = CorporateActionRecorded['source'];

export type RecordOutcome = {
  readonly action: CorporateActionRecorded;
  /** 'unchanged': this action (same type, symbol and effective date) was recorded before, from any source. */
  readonly outcome: 'appended' | 'unchanged';
  readonly position?: Position;
};

/** Every recorded corporate action, in the order recorded. */
export const listCorporateActions = async (eventStore: EventStore): Promise<CorporateActionRecorded[]> =>
  (await eventStore.readStream(CORPORATE_ACTIONS_STREAM))
    .filter((event) => event.type === CORPORATE_ACTION_RECORDED)
    .map((event) => corporateActionRecordedSchema.parse(event.data));

/**
 * Appends `CorporateActionRecorded` unless the same action is recorded already (its id derives from type, symbol
 * and effective date): importing the bundled file on every start, FMP's split data and an admin's form agree.
 */
export const recordCorporateAction = async (
  eventStore: EventStore,
  terms: CorporateActionTerms,
  {
    source,
    actorUserId = null,
    now = new Date(),
  }: { source: CorporateActionSource; actorUserId?: string | null; now?: Date },
): Promise<RecordOutcome> => {
  const actionId = nameBasedUuid('corporate-action', corporateActionKey(terms));
  const action = corporateActionRecordedSchema.parse({
    actionId,
    type: terms.type,
    symbol: terms.symbol,
    toSymbol: terms.type === 'SPLIT' ? null : (terms.toSymbol ?? null),
    ratio: terms.ratio,
    basisFraction: terms.type === 'SPINOFF' ? (terms.basisFraction ?? null) : null,
    effectiveOn: terms.effectiveOn,
    source,
    note: terms.note ?? null,
    recordedAt: now.toISOString(),
  });
  for (let attempt = 1; ; attempt += 1) {
    const events = await eventStore.readStream(CORPORATE_ACTIONS_STREAM);
    const known = events.find((event) => event.id === actionId);
    if (known) return { action: corporateActionRecordedSchema.parse(known.data), outcome: 'unchanged' };
    const last = events.at(-1);
    try {
      const result = await eventStore.appendToStream(
        CORPORATE_ACTIONS_STREAM,
        [
          {
            id: actionId,
            type: CORPORATE_ACTION_RECORDED,
            data: action,
            metadata: { schemaVersion: CORPORATE_ACTION_SCHEMA_VERSION, actorUserId },
          },
        ],
        { expectedRevision: last ? last.streamRevision : 'no_stream' },
      );
      return { action, outcome: 'appended', position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= 3) throw error;
    }
  }
};
