/**
 * Most bytes a page using the browser `query()` and one in-page MCP tool may add, minified and
 * gzipped, with the page's own `zod` left out (it is the user's: the entry itself imports no zod, a tool's
 * schema is written in the page's): 40 KB. The official browser entry is about 241 KB (measured by
 * `browser-bundle-size` in tooling/bench); `browser-bundle.test.ts` fails past this budget and
 * `tooling/bench` prints the figures side by side.
 */
export const BROWSER_BUNDLE_BUDGET_GZIP_BYTES = 40 * 1024;
