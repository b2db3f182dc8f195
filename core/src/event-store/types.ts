/**
 * The event-log port. Adapters (PostgreSQL/PGlite, KurrentDB) live in `api`; everything else depends on this.
 * Revisions follow KurrentDB semantics: the 0-based revision of the last event in a stream.
 */

/** Opaque, adapter-issued log position. Only the adapter that issued it can compare or parse it. */
export type Position = string & { readonly __brand: 'LogPosition' };

export type StreamRevision = number;

/** `any` skips the check; `no_stream` requires a new stream; `stream_exists` any existing one; a number an exact revision. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | StreamRevision;

export type EventMetadata = {
  readonly actorUserId?: string | null;
  readonly correlationId?: string;
  readonly causationId?: string;
  readonly schemaVersion?: number;
  readonly [key: string]: unknown;
};

export type NewEvent<Type extends string = string, Data = unknown> = {
  /** uuid; given by the caller to make retried appends idempotent, otherwise assigned by the adapter. */
  readonly id?: string;
  readonly type: Type;
  readonly data: Data;
  readonly metadata?: EventMetadata;
};

export type RecordedEvent<Type extends string = string, Data = unknown> = {
  readonly id: string;
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
  readonly streamId: string;
  readonly streamRevision: StreamRevision;
  readonly globalPosition: Position;
  readonly recordedAt: Date;
};

export type AppendOptions = { readonly expectedRevision: ExpectedRevision };

export type AppendResult = {
  readonly nextExpectedRevision: StreamRevision;
  /** Position of the last appended event; pass it to `waitForPosition` for read-your-writes. */
  readonly position: Position;
};

/** One stream's part of a multi-stream append. */
export type StreamAppend = {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expectedRevision: ExpectedRevision;
};

export type EventFilter = {
  readonly eventTypes?: readonly string[];
  /** Stream categories: the part of the stream id before the first `-`. */
  readonly categories?: readonly string[];
};

export type ReadStreamOptions = {
  readonly fromRevision?: StreamRevision;
  readonly maxCount?: number;
};

export type ReadAllOptions = {
  readonly after?: Position;
  readonly maxCount: number;
  readonly filter?: EventFilter;
};

export type ReadAllResult = {
  readonly events: readonly RecordedEvent[];
  /**
   * Where the next read should resume. With a filter it can lie beyond the last returned event: everything up to it
   * was examined. `undefined` only when nothing has ever been written.
   */
  readonly position: Position | undefined;
};

/** The part of the platform's AbortSignal the port needs (core compiles without DOM or Node typings). */
export type AbortSignalLike = {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
};

export type SubscribeOptions = {
  readonly after?: Position;
  readonly filter?: EventFilter;
  readonly signal: AbortSignalLike;
  readonly batchSize?: number;
  /**
   * Live only: awaited after a wake-up, before the read it prompts, so that a subscriber in no hurry lets the
   * events of several commits gather into one page. Catch-up reads never await it.
   */
  readonly beforeLiveRead?: (signal: AbortSignalLike) => Promise<void>;
};

export type EventStoreKind = 'pglite' | 'postgres' | 'kurrentdb' | 'memory';

export interface EventStore {
  readonly kind: EventStoreKind;
  /** Throws `WrongExpectedVersionError` on a revision conflict. Re-appending the same event ids is a no-op. */
  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult>;
  /**
   * Appends to several streams in one transaction: every stream's expected revision is checked, and on any conflict
   * nothing is stored and `WrongExpectedVersionError` names the stream that conflicted. Results are in input order.
   * Each stream may appear once. Adapters without multi-stream transactions (KurrentDB) omit it.
   */
  appendToStreams?(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /** The stream's events in order; an empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** One page of the whole log in global order, never skipping an event that commits later. */
  readAll(options: ReadAllOptions): Promise<ReadAllResult>;
  /** Catch-up then live: yields pages as they become readable until the signal aborts. */
  subscribeToAll(options: SubscribeOptions): AsyncIterable<ReadAllResult>;
  /** Position of the newest readable event, `undefined` for an empty log. */
  headPosition(): Promise<Position | undefined>;
  /**
   * Position of the newest committed event, readable yet or not. Where readers are held back behind older open
   * transactions (PostgreSQL) it can be ahead of `headPosition`; waiting for it is read-your-writes. Adapters whose
   * head is always every committed event omit it.
   */
  lastCommittedPosition?(): Promise<Position | undefined>;
  /** How many readable events match the filter (progress bars); adapters that cannot count cheaply omit it. */
  countEvents?(filter?: EventFilter): Promise<number>;
  /** Negative, zero or positive like a comparator; both positions must come from this store. */
  comparePositions(a: Position, b: Position): number;
  close(): Promise<void>;
}
