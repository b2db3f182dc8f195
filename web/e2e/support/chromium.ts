import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const INSTALL_COMMAND = 'apt-get update && apt-get install -y chromium';

/** Flags that keep Chromium off the network it would otherwise try to reach (updates, sync, field trials). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const canInstall = (): boolean =>
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

/** Debian's Chromium is required; as root with apt it is installed, otherwise the suite fails with the command. */
export const ensureChromium = (): void => {
  if (existsSync(CHROMIUM_PATH)) return;
  if (canInstall()) {
    console.log(`[e2e] Chromium is missing: running "${INSTALL_COMMAND}"`);
    const result = spawnSync('sh', ['-c', INSTALL_COMMAND], { stdio: 'inherit' });
    if (result.status === 0 && existsSync(CHROMIUM_PATH)) return;
  }
  throw new Error(
    `The browser tests need Debian's Chromium at ${CHROMIUM_PATH}. Install it with:\n\n  sudo sh -c '${INSTALL_COMMAND}'\n`,
  );
};
