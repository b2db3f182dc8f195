import type { EventStore, Position } from '@etf-replicator/core';
import type { Database } from '../db/database';
import type { Projector } from './projector';
import type { RetryOutcome } from './retry-parked';

export type RunnerLogger = {
  info: (object: object, message?: string) => void;
  error: (object: object, message?: string) => void;
};

export type ProjectionRunnerOptions = {
  readonly db: Database;
  readonly eventStore: EventStore;
  readonly projectors: readonly Projector[];
  /**
   * Projections applied inline, in the append's transaction (see Projector.inline): the runner does not run them,
   * and they have always reached every position a command returns.
   */
  readonly inline?: readonly string[];
  readonly batchSize?: number;
  /** Pause before re-reading from the last checkpoint after a failed batch. */
  readonly retryDelayMs?: number;
  /**
   * Tries of a failing page before the runner isolates it: it then applies the page event by event and parks each
   * event that still fails (table `projection_failures`), so that one bad event never stops the projector.
   */
  readonly maxAttempts?: number;
  /** A projector behind the head of the log for longer than this is reported as stalled (readiness fails). */
  readonly lagBoundMs?: number;
  /** How long waitForPosition waits when its caller names no timeout (a command's read-your-writes wait). */
  readonly defaultWaitMs?: number;
  /**
   * Live, a projector woken by a commit pauses this long before it reads, unless someone waits for it, so that
   * commits close together make one page (see live-linger.ts). 0 reads at once.
   */
  readonly liveLingerMs?: number;
  readonly logger?: RunnerLogger;
};

export type ProjectionStatus = {
  readonly name: string;
  readonly position: Position | undefined;
  readonly caughtUp: boolean;
  readonly lastError: string | undefined;
  /** 'inline': applied in the append's own transaction, never behind. */
  readonly mode: 'async' | 'inline';
  /** Events parked for this projector (failed, or held behind a failed one of the same stream). */
  readonly parked: number;
  /** How long the projector has been seen behind the head of the log (0 when caught up). */
  readonly behindForMs: number;
  /** Behind for longer than the runner's lag bound. */
  readonly stalled: boolean;
};

export type ProjectionRunner = {
  start(): Promise<void>;
  /** Finishes the batch in flight, then stops every loop. */
  stop(): Promise<void>;
  /** Resolves true once the named projectors (default: all) have applied everything up to `position`. */
  waitForPosition(
    position: Position,
    options?: { timeoutMs?: number; projections?: readonly string[] },
  ): Promise<boolean>;
  status(): Promise<ProjectionStatus[]>;
  /** Whether this process runs the projectors (false before the start, and while another process leads). */
  leads(): boolean;
  /**
   * Applies the parked events of the given event's stream for that projector again, in log order, each in its own
   * savepoint; stops at the first that fails again. Resolves undefined when the event is not parked.
   */
  retryParked(projector: string, eventId: string): Promise<RetryOutcome | undefined>;
};
