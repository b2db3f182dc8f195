import argon2 from 'argon2';

/** OWASP's argon2id baseline (19 MiB, 2 iterations, 1 lane): ~20 ms here, costly enough for an attacker. */
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, options);

export const verifyPassword = async (hash: string, password: string): Promise<boolean> => {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so that unknown e-mails cannot be told apart by timing. */
export const verifyNothing = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
};
