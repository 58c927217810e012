import { realpathSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_BUNDLE_BUDGET_GZIP_BYTES } from './bundle-budget.js';
import { FakeSseServer } from './sse-test-server.test-support.js';

const here = dirname(fileURLToPath(import.meta.url));
const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
const builtins = new Set(builtinModules);
// The workspace's zod (a dependency of @ccsdk/mcp-inproc), for the page's own tool schema.
const zodDir = dirname(
  realpathSync(
    createRequire(createRequire(import.meta.url).resolve('@ccsdk/mcp-inproc/package.json')).resolve(
      'zod/package.json',
    ),
  ),
);

/** A page that runs one query over SSE with one in-page MCP tool, as a user would write it. */
const PAGE = `
import { z } from 'zod';
import { createSdkMcpServer, getSseLastSequenceNum, query, tool } from './index.ts';

globalThis.runPage = async (sse) => {
  const echo = tool('echo', 'Echo the text', { text: z.string() }, async ({ text }) => ({
    content: [{ type: 'text', text: 'echo:' + text }],
  }));
  const page = createSdkMcpServer({ name: 'page', tools: [echo] });
  async function* prompt() {
    yield { type: 'user', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: '' };
  }
  const q = query({ prompt: prompt(), sse, mcpServers: { page } });
  const seen = [];
  for await (const message of q) seen.push(message.type === 'assistant' ? message.message.content[0].text : message.type);
  return { seen, last: getSseLastSequenceNum(q) };
};
`;

function flagNodeBuiltins(found: string[]): esbuild.Plugin {
  return {
    name: 'flag-node-builtins',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        const bare = args.path.replace(/^node:/, '').split('/')[0] ?? '';
        if (!args.path.startsWith('node:') && !builtins.has(bare)) return undefined;
        found.push(`${args.importer} -> ${args.path}`);
        return { path: args.path, external: true };
      });
    },
  };
}

async function bundlePage(options: esbuild.BuildOptions): Promise<Uint8Array> {
  const result = await esbuild.build({
    stdin: { contents: PAGE, resolveDir: here, loader: 'ts', sourcefile: 'page.ts' },
    bundle: true,
    platform: 'browser',
    write: false,
    conditions: ['@ccsdk/source'],
    logLevel: 'silent',
    ...options,
  });
  return result.outputFiles?.[0]?.contents ?? new Uint8Array();
}

describe('the browser entry bundle', () => {
  it('imports no Node built-in and references no process or Buffer global', async () => {
    const nodeImports: string[] = [];
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      conditions: ['@ccsdk/source'],
      logLevel: 'silent',
      external: ['zod'],
      plugins: [flagNodeBuiltins(nodeImports)],
    });
    expect(nodeImports).toEqual([]);
    const text = result.outputFiles[0]?.text ?? '';
    expect(text.length).toBeGreaterThan(1000);
    expect(text).not.toMatch(/\bprocess\.(env|emitWarning|platform|cwd|on|nextTick)\b/);
    expect(text).not.toMatch(/\bBuffer\.(from|alloc|concat|isBuffer)\b/);
    expect(text).not.toMatch(/\brequire\(/);
    // The MCP SDK and its validator stay out of the graph: the page's MCP server is our own.
    expect(text).not.toMatch(/@modelcontextprotocol|ajv/i);
    // Nor does the entry need zod: control frames are checked by hand, a tool's schema is the page's.
    expect(text).not.toMatch(/from\s*["']zod["']/);
  }, 60_000);

  it(`keeps a page with query() and one in-page tool within ${BROWSER_BUNDLE_BUDGET_GZIP_BYTES} bytes gzipped (zod external)`, async () => {
    const nodeImports: string[] = [];
    const bytes = await bundlePage({
      format: 'esm',
      minify: true,
      external: ['zod'],
      plugins: [flagNodeBuiltins(nodeImports)],
    });
    expect(nodeImports).toEqual([]);
    const gzipped = gzipSync(bytes).length;
    expect(gzipped).toBeGreaterThan(5_000);
    expect(gzipped).toBeLessThanOrEqual(BROWSER_BUNDLE_BUDGET_GZIP_BYTES);
  }, 60_000);
});

describe('the browser bundle at run time', () => {
  let server: FakeSseServer;
  beforeEach(async () => {
    server = new FakeSseServer();
    await server.listen();
  });
  afterEach(() => server.close());

  it('runs a query with an in-page MCP tool call in a realm with no process, Buffer or require', async () => {
    const code = new TextDecoder().decode(await bundlePage({ format: 'iife', alias: { zod: zodDir } }));
    // A scripted CLI: answers initialize, asks the page's tool, then replies with what it said.
    server.onPost = (body) => {
      if (body['end_of_input'] === true) return void setTimeout(() => server.end(1000), 5);
      const payload = body['payload'] as Record<string, unknown>;
      const request = payload['request'] as Record<string, unknown> | undefined;
      if (payload['type'] === 'control_request' && request?.['subtype'] === 'initialize') {
        const response = {
          subtype: 'success',
          request_id: payload['request_id'],
          response: { commands: [] },
        };
        server.append('worker', { type: 'control_response', response });
      } else if (payload['type'] === 'user') {
        server.append('worker', { type: 'system', subtype: 'init', session_id: 's1' });
        server.append('worker', {
          type: 'control_request',
          request_id: 'cli-mcp-1',
          request: {
            subtype: 'mcp_message',
            server_name: 'page',
            message: {
              jsonrpc: '2.0',
              id: 7,
              method: 'tools/call',
              params: { name: 'echo', arguments: { text: 'x' } },
            },
          },
        });
      } else if (payload['type'] === 'control_response') {
        const answer = (payload['response'] as { response?: { mcp_response?: { result?: unknown } } })
          .response;
        const text = JSON.stringify(answer?.mcp_response?.result);
        server.append('worker', {
          type: 'assistant',
          message: { role: 'assistant', content: [{ type: 'text', text }] },
        });
        server.append('worker', { type: 'result', subtype: 'success', is_error: false, result: text });
      }
    };
    const page = createContext({
      console,
      setTimeout,
      clearTimeout,
      queueMicrotask,
      structuredClone,
      fetch,
      Headers,
      Request,
      Response,
      ReadableStream,
      TextDecoder,
      TextEncoder,
      AbortController,
      AbortSignal,
      DOMException,
      Event,
      EventTarget,
      URL,
      URLSearchParams,
      crypto: globalThis.crypto,
    });
    runInContext(code, page);
    expect(runInContext('typeof process + typeof Buffer + typeof require', page)).toBe(
      'undefinedundefinedundefined',
    );
    const run = (page as { runPage: (sse: unknown) => Promise<{ seen: string[]; last: number }> }).runPage;
    const { seen, last } = await run({
      streamUrl: server.streamUrl,
      sendUrl: server.sendUrl,
      sessionId: server.sessionId,
    });
    expect(seen).toEqual([
      'system',
      JSON.stringify({ content: [{ type: 'text', text: 'echo:x' }] }),
      'result',
    ]);
    expect(last).toBe(server.events.findLast((e) => e.payload['type'] === 'result')?.sequence_num);
  }, 60_000);
});
