import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from './support/chromium';
import { buildWeb, hasAccountsApi, type RunningServer, startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    accountsApi: boolean;
    /** The built web app, for a test that starts its own server (e.g. with other environment). */
    webDist: string;
  }
}

let server: RunningServer | undefined;

export default async function setup(project: TestProject) {
  ensureChromium();
  const webDist = await mkdtemp(path.join(tmpdir(), 'etf-replicator-e2e-web-'));
  buildWeb(webDist);
  server = await startServer(webDist);
  const accountsApi = await hasAccountsApi(server.baseUrl);
  if (!accountsApi) {
    console.warn(
      '[e2e] SKIPPING the account journeys: the server has no /api/auth routes yet (accounts API missing).',
    );
  }
  project.provide('baseUrl', server.baseUrl);
  project.provide('accountsApi', accountsApi);
  project.provide('webDist', webDist);
  return async () => {
    await server?.stop();
    await rm(webDist, { recursive: true, force: true });
  };
}
