import { existsSync } from 'node:fs';
import { type BrowserServer, chromium } from 'playwright-core';

/**
 * Where Debian's Chromium is (`apt-get install chromium`); `CCSDK_CHROMIUM_PATH` overrides it. playwright-core
 * drives it by `executablePath`: nothing is downloaded.
 */
export const CHROMIUM_PATH = process.env['CCSDK_CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * Flags for a headless Chromium on a machine with no network but loopback, as root: no sandbox (root),
 * no GPU, and none of the background traffic (QUIC, updates, sync, first-run) that a closed network
 * refuses. playwright adds `--headless` and a fresh temporary `--user-data-dir` itself.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Thrown when the Chromium binary is not installed, with the command that installs it. */
export class ChromiumMissingError extends Error {
  /** Stable code of this error. */
  readonly code = 'CHROMIUM_MISSING';
  constructor(path: string) {
    super(
      `No Chromium at ${path}: install it with \`apt-get install chromium\` (or set CCSDK_CHROMIUM_PATH).`,
    );
    this.name = 'ChromiumMissingError';
  }
}

/** Launches the one Chromium every browser test connects to (`chromium.connect(server.wsEndpoint())`). */
export async function launchChromiumServer(): Promise<BrowserServer> {
  if (!existsSync(CHROMIUM_PATH)) throw new ChromiumMissingError(CHROMIUM_PATH);
  return chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
    host: '127.0.0.1',
  });
}
