import { PGLITE_IMAGE_ENV, writePgliteImage } from './pglite-image';
import { probeServer, serverRequired, testServerUrl } from './server-url';

/** Says loudly, once per run, when the PostgreSQL server suites cannot run; fails the run where they must. */
const checkServer = async () => {
  const failure = await probeServer();
  if (!failure) return;
  const message = `PostgreSQL server at ${testServerUrl()} is not reachable (${failure}).`;
  if (serverRequired())
    throw new Error(`${message} Server suites are required here (CI / REQUIRE_TEST_DATABASE).`);
  const bar = '!'.repeat(100);
  console.warn(
    `\n${bar}\n${message}\nEVERY POSTGRESQL SERVER SUITE IS SKIPPED. Set TEST_DATABASE_URL or start PostgreSQL.\n${bar}\n`,
  );
};

type SharedImage = { ready: ReturnType<typeof writePgliteImage>; users: number };
// The projects sharing this setup each load it as their own module: the image is made once per run all the same.
const shared = globalThis as typeof globalThis & { etfTestPgliteImage?: SharedImage };

/** Makes the run's PGlite image once (workers inherit the variable naming it); the last project out deletes it. */
const shareImage = async () => {
  shared.etfTestPgliteImage ??= { ready: writePgliteImage(), users: 0 };
  const image = shared.etfTestPgliteImage;
  image.users += 1;
  process.env[PGLITE_IMAGE_ENV] = (await image.ready).file;
  return async () => {
    image.users -= 1;
    if (image.users > 0) return;
    shared.etfTestPgliteImage = undefined;
    delete process.env[PGLITE_IMAGE_ENV];
    await (await image.ready).remove();
  };
};

export default async function globalSetup() {
  await checkServer();
  return shareImage();
}
