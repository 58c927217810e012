import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

/** The page script every browser test loads: it imports `@ccsdk/sdk/browser`. */
const PAGE_ENTRY = fileURLToPath(new URL('../page/page.ts', import.meta.url));

/**
 * Bundles the test page's script for the browser from the workspace's sources (the `@ccsdk/source`
 * condition), so the tests exercise the code as it is now, with no package build first. No Node
 * polyfill: a Node built-in in the graph fails the build.
 */
export async function buildPageBundle(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [PAGE_ENTRY],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    conditions: ['@ccsdk/source'],
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  const text = result.outputFiles[0]?.text;
  if (text === undefined) throw new Error('esbuild produced no page bundle');
  return text;
}

/** The test page: it loads the bundle and says when the script is ready (`window.browserE2e`). */
export const TEST_PAGE_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>ccsdk browser e2e</title></head>
<body><main id="log"></main><script type="module" src="/page.js"></script></body>
</html>
`;
