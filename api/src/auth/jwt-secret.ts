import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';

/**
 * The access-token secret: JWT_SECRET when set (required in production). Otherwise embedded mode keeps a generated
 * one in DATA_DIR so sessions survive restarts, and other modes use a fresh one per process.
 */
export const resolveJwtSecret = async (config: AppConfig): Promise<string> => {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.readModels.kind !== 'pglite' || config.NODE_ENV === 'test')
    return randomBytes(32).toString('hex');
  const file = path.resolve(config.DATA_DIR, 'jwt-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch {
    // first start: create it below
  }
  const secret = randomBytes(32).toString('hex');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
};
