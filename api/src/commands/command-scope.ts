import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { uuidFromKey } from './uuid-from-key';

/**
 * What ties a request's appends to its Idempotency-Key. Every command step the request runs (each handleCommand
 * call, counted in order) tags its events with `commandKey` and `commandStep`, so after a crash the log itself says
 * which steps of a cut-off request were appended. A retry that takes over the key runs `recovering`: a step already
 * in the log answers from there instead of deciding again, the missing steps run.
 */
export type CommandScope = {
  /** commandKeyOf(user, key, first use). */
  readonly commandKey: string;
  readonly recovering: boolean;
  /** Steps started so far. */
  steps: number;
};

/** The metadata a step's events carry. */
export type CommandStepTag = { readonly commandKey: string; readonly commandStep: number };

const storage = new AsyncLocalStorage<{ scope?: CommandScope }>();

/** Opens an empty holder for the request's scope (the idempotency plugin fills it once it has the key). */
export const runWithCommandScope = <T>(fn: () => T): T => storage.run({}, fn);

/** The tag a request's events carry for its key: a hash of user, key and the key's first use (never the raw key). */
export const commandKeyOf = ({
  userId,
  key,
  firstUsedAt,
}: {
  userId: string;
  key: string;
  firstUsedAt: string;
}) => createHash('sha256').update(`${userId}\n${key}\n${firstUsedAt}`).digest('hex').slice(0, 32);

export const enterCommandScope = (
  claim: { userId: string; key: string; firstUsedAt: string },
  recovering: boolean,
): CommandScope | undefined => {
  const holder = storage.getStore();
  if (!holder) return undefined;
  holder.scope = { commandKey: commandKeyOf(claim), recovering, steps: 0 };
  return holder.scope;
};

export const currentCommandScope = (): CommandScope | undefined => storage.getStore()?.scope;

/** Claims the next step number of the current scope, or undefined outside one. */
export const nextCommandStep = (): CommandStepTag | undefined => {
  const scope = currentCommandScope();
  if (!scope) return undefined;
  return { commandKey: scope.commandKey, commandStep: scope.steps++ };
};

/**
 * An id the request chooses (a new tracking's id): the same for every run of one Idempotency-Key, so a retry that
 * completes a cut-off request completes the same thing; random without a key.
 */
export const commandScopedId = (label: string): string => {
  const scope = currentCommandScope();
  return scope ? uuidFromKey(`${scope.commandKey}:${label}`) : randomUUID();
};

/** Whether this recorded metadata belongs to the given step. */
export const isFromStep = (metadata: Record<string, unknown>, tag: CommandStepTag): boolean =>
  metadata.commandKey === tag.commandKey && metadata.commandStep === tag.commandStep;
