import pg from 'pg';

export const testServerUrl = (): string =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** CI (and anyone who sets REQUIRE_TEST_DATABASE=1) must never silently skip the server suites. */
export const serverRequired = (): boolean =>
  process.env.CI === 'true' || process.env.CI === '1' || process.env.REQUIRE_TEST_DATABASE === '1';

export const probeServer = async (url = testServerUrl()): Promise<string | undefined> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
};
