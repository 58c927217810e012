import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** A page of the run's one Chromium, in its own context (cookies, offline state), with its console in the test output. */
export interface TestPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught exceptions of the page, also printed as they come. */
  readonly errors: string[];
  close(): Promise<void>;
}

let browser: Promise<Browser> | undefined;

/** The run's Chromium (launched once by the global setup), connected once per test file. */
export function sharedBrowser(): Promise<Browser> {
  browser ??= chromium.connect(inject('chromiumEndpoint'));
  return browser;
}

/** Disconnects this file from the shared Chromium (which stays up for the next file). */
export async function disconnectBrowser(): Promise<void> {
  const connected = browser;
  browser = undefined;
  await (await connected)?.close();
}

/** Opens `url` (default: the test page) in a fresh context and waits until its script is ready. */
export async function openTestPage(url = `${inject('pageOrigin')}/`): Promise<TestPage> {
  const context = await (await sharedBrowser()).newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const line = `[page ${message.type()}] ${message.text()}`;
    if (message.type() === 'error') errors.push(line);
    console.log(line);
  });
  page.on('pageerror', (error) => {
    const line = `[page exception] ${error.message}`;
    errors.push(line);
    console.log(line);
  });
  await page.goto(url);
  return { context, page, errors, close: () => context.close() };
}

/** Waits until the test page's script has set `window.browserE2e`. */
export async function waitForHarness(page: Page): Promise<void> {
  await page.waitForFunction(() => 'browserE2e' in window, undefined, { timeout: 10_000 });
}
