import type { DatabasePool } from 'slonik';

export type DatabaseKind = 'pglite' | 'postgres';

/** Runs a multi-statement SQL script on one session (simple query protocol); returns the last statement's rows. */
export type ScriptRunner = (script: string) => Promise<Array<Record<string, unknown>>>;

/**
 * The read-model database (and, in embedded and server modes, the event log's home too): a slonik pool plus the
 * few things slonik cannot do, namely multi-statement scripts and LISTEN.
 */
export interface Database {
  readonly kind: DatabaseKind;
  readonly pool: DatabasePool;
  /** Gives `fn` a single session for scripts (migrations hold an advisory lock across several of them). */
  withScriptSession<T>(fn: (run: ScriptRunner) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; resolves once listening and returns the function that stops it. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
