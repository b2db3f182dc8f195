import { probeServer, serverRequired, testServerUrl } from './server-url';

/** Says loudly, once per run, when the PostgreSQL server suites cannot run; fails the run where they must. */
export default async function globalSetup() {
  const failure = await probeServer();
  if (!failure) return;
  const message = `PostgreSQL server at ${testServerUrl()} is not reachable (${failure}).`;
  if (serverRequired())
    throw new Error(`${message} Server suites are required here (CI / REQUIRE_TEST_DATABASE).`);
  const bar = '!'.repeat(100);
  console.warn(
    `\n${bar}\n${message}\nEVERY POSTGRESQL SERVER SUITE IS SKIPPED. Set TEST_DATABASE_URL or start PostgreSQL.\n${bar}\n`,
  );
}
