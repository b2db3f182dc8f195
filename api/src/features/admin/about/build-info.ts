import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const rootPackage = fileURLToPath(new URL('../../../../../package.json', import.meta.url));
const defaultWebDist = fileURLToPath(new URL('../../../../../web/dist', import.meta.url));

/** When this process started: the server's own start time. */
export const processStartedAt = new Date(Date.now() - process.uptime() * 1000);

/** The product version (root package.json) and when the served web app was built (its index.html), if it was. */
export const readBuildInfo = async (webDistDir: string | undefined) => {
  const { version } = z
    .object({ version: z.string() })
    .parse(JSON.parse(await readFile(rootPackage, 'utf8')));
  const builtAt = await stat(`${webDistDir ?? defaultWebDist}/index.html`).then(
    (info) => info.mtime.toISOString(),
    () => null,
  );
  return { version, webBuiltAt: builtAt };
};
