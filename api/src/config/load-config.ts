import path from 'node:path';
import { configSchema, type RawConfig } from './config-schema';

export type StorageConfig =
  | { readonly kind: 'pglite'; readonly dataDir: string }
  | { readonly kind: 'postgres'; readonly url: string };

export type AppConfig = RawConfig & {
  readonly readModels: StorageConfig;
  /** Where the event log lives: beside the read models, or in KurrentDB. */
  readonly eventLog: StorageConfig | { readonly kind: 'kurrentdb'; readonly url: string };
  readonly publicAppUrl: string;
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Validates the environment once at start-up and names every bad variable in one message. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): AppConfig => {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  if (raw.NODE_ENV === 'production' && !raw.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  - JWT_SECRET: required in production (at least 32 characters)',
    );
  }
  if (raw.NODE_ENV === 'production' && raw.FAULT_AFTER_APPEND_EVERY > 0) {
    throw new ConfigError(
      'Invalid configuration:\n  - FAULT_AFTER_APPEND_EVERY: a testing fault, refused in production (set it to 0)',
    );
  }
  const readModels: StorageConfig = raw.DATABASE_URL
    ? { kind: 'postgres', url: raw.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(raw.DATA_DIR, 'pglite') };
  return {
    ...raw,
    readModels,
    eventLog: raw.EVENTSTORE_URL ? { kind: 'kurrentdb', url: raw.EVENTSTORE_URL } : readModels,
    publicAppUrl: (raw.PUBLIC_APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
  };
};
