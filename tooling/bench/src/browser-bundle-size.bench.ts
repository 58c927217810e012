import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BROWSER_BUNDLE_BUDGET_GZIP_BYTES } from '@ccsdk/sdk/browser';
import type { Benchmark, BenchTable } from './bench-api.js';
import { runWhenMain } from './bench-main.js';

/**
 * The bundle size of a page that runs `query()` with one in-page MCP tool, built by esbuild
 * (minified, `platform: 'browser'`, ESM) against `@ccsdk/sdk/browser` and against the official
 * `@anthropic-ai/claude-agent-sdk/browser` (bundled as a black box), with the page's `zod` left out
 * and put in. Prints minified and gzipped bytes, the ratio, and what is biggest in ours.
 */

const SOURCE_DIR = dirname(fileURLToPath(import.meta.url));

/** How many of our bundle's biggest inputs the notes list. */
const BREAKDOWN_ROWS = 10;

/** The part of esbuild's API this benchmark uses. */
interface EsbuildLike {
  build(options: Record<string, unknown>): Promise<{
    outputFiles?: { contents: Uint8Array }[];
    metafile?: { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
  }>;
}

/** esbuild, as `@ccsdk/sdk` has it (a dev dependency there; this package does not list it). */
async function loadEsbuild(): Promise<EsbuildLike> {
  const fromSdk = createRequire(createRequire(import.meta.url).resolve('@ccsdk/sdk/package.json'));
  return (await import(pathToFileURL(fromSdk.resolve('esbuild')).href)) as EsbuildLike;
}

/** The page, the same for both SDKs but for the module it imports. */
function pageSource(specifier: string): string {
  return `
import { z } from 'zod';
import { createSdkMcpServer, query, tool } from '${specifier}';
const echo = tool('echo', 'Echo the text', { text: z.string() }, async ({ text }) => ({
  content: [{ type: 'text', text }],
}));
const page = createSdkMcpServer({ name: 'page', tools: [echo] });
async function* prompt() {
  yield { type: 'user', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: '' };
}
const sse = { streamUrl: '/sessions/s/events/stream', sendUrl: '/sessions/s/events', sessionId: 's' };
for await (const message of query({ prompt: prompt(), sse, mcpServers: { page } })) console.log(message);
`;
}

interface Measured {
  readonly minified: number;
  readonly gzipped: number;
  readonly inputs: Record<string, { bytesInOutput: number }>;
}

async function measure(esbuild: EsbuildLike, specifier: string, zodExternal: boolean): Promise<Measured> {
  const result = await esbuild.build({
    stdin: { contents: pageSource(specifier), resolveDir: SOURCE_DIR, loader: 'ts', sourcefile: 'page.ts' },
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    conditions: ['@ccsdk/source'],
    logLevel: 'silent',
    external: zodExternal ? ['zod'] : [],
  });
  const bytes = result.outputFiles?.[0]?.contents ?? new Uint8Array();
  const output = Object.values(result.metafile?.outputs ?? {})[0];
  return { minified: bytes.length, gzipped: gzipSync(bytes).length, inputs: output?.inputs ?? {} };
}

/** Our bundle's biggest inputs, grouped by package (or source folder), in minified bytes. */
function breakdown(inputs: Record<string, { bytesInOutput: number }>): string[] {
  const groups = new Map<string, number>();
  for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
    const nodeModule = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(path);
    const key = nodeModule?.[1] ?? path.replace(/^(\.\.\/)+/, '').replace(/\/[^/]+$/, '/');
    groups.set(key, (groups.get(key) ?? 0) + bytesInOutput);
  }
  return [...groups]
    .sort((a, b) => b[1] - a[1])
    .slice(0, BREAKDOWN_ROWS)
    .map(([key, bytes]) => `    ${kb(bytes).padStart(9)}  ${key}`);
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

const benchmark: Benchmark = {
  name: 'browser-bundle-size',
  title:
    'a page with query() and one in-page MCP tool, esbuild-minified for the browser: ours vs the official',
  async run(): Promise<BenchTable> {
    const esbuild = await loadEsbuild();
    const cases = [
      { label: 'zod external', zodExternal: true },
      { label: 'zod included', zodExternal: false },
    ];
    const rows: string[][] = [];
    const raw: Record<string, unknown> = {};
    let ours: Measured | undefined;
    for (const { label, zodExternal } of cases) {
      const mine = await measure(esbuild, '@ccsdk/sdk/browser', zodExternal);
      const official = await measure(esbuild, '@anthropic-ai/claude-agent-sdk/browser', zodExternal).catch(
        (error: unknown) => error as Error,
      );
      if (zodExternal) ours = mine;
      const officialCells =
        official instanceof Error
          ? ['failed', 'failed', '-']
          : [kb(official.minified), kb(official.gzipped), `${(official.gzipped / mine.gzipped).toFixed(1)}x`];
      rows.push([label, kb(mine.minified), kb(mine.gzipped), ...officialCells]);
      raw[label] = {
        ours: { minified: mine.minified, gzipped: mine.gzipped },
        official:
          official instanceof Error
            ? { error: official.message }
            : { minified: official.minified, gzipped: official.gzipped },
      };
    }
    const within = (ours?.gzipped ?? Number.POSITIVE_INFINITY) <= BROWSER_BUNDLE_BUDGET_GZIP_BYTES;
    return {
      columns: ['page', 'ours min', 'ours gzip', 'official min', 'official gzip', 'official / ours (gzip)'],
      rows,
      notes: [
        `budget: ${kb(BROWSER_BUNDLE_BUDGET_GZIP_BYTES)} gzipped with zod external: ${within ? 'within' : 'OVER'}`,
        'zod external: the page imports zod itself (its tool schema), left out of both bundles; ours imports no zod',
        '  (control frames are checked by hand), so the page may use zod 3 or 4.',
        'the official entry is bundled as a black box (minified with the same options; not read).',
        'biggest inputs of ours (zod external, minified bytes before gzip):',
        ...breakdown(ours?.inputs ?? {}),
      ],
      raw,
    };
  },
};

export default benchmark;

await runWhenMain(import.meta.url, benchmark);
