import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './support/chromium.js';
import { buildPageBundle, TEST_PAGE_HTML } from './support/page-bundle.js';
import { type StaticFile, startStaticSite } from './support/static-site.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the one Chromium of the run listens for playwright (`chromium.connect`). */
    chromiumEndpoint: string;
    /** The origin of the test page, on the servers' allow-list. */
    pageOrigin: string;
    /** The same page from another origin, on no allow-list. */
    foreignOrigin: string;
  }
}

/**
 * Once per run: bundles the page script, serves it from two origins and launches one Chromium that
 * every test file connects to. The teardown closes all three.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bundle = await buildPageBundle();
  const files = new Map<string, StaticFile>([
    ['/index.html', { type: 'text/html; charset=utf-8', body: TEST_PAGE_HTML }],
    ['/page.js', { type: 'text/javascript; charset=utf-8', body: bundle }],
  ]);
  const site = await startStaticSite(files);
  const foreign = await startStaticSite(files);
  const chromium = await launchChromiumServer();
  project.provide('chromiumEndpoint', chromium.wsEndpoint());
  project.provide('pageOrigin', site.origin);
  project.provide('foreignOrigin', foreign.origin);
  return async () => {
    await chromium.close();
    await Promise.all([site.close(), foreign.close()]);
  };
}
