/// <reference lib="dom" />
// The test page's script: runs in Chromium, bundled by esbuild with `@ccsdk/sdk/browser` and no Node
// polyfill. It exposes `window.browserE2e`; the tests call it through `page.evaluate` and read the
// outcomes back. A token reaches it only as an argument of those calls, never in a URL.
import { type BrowserQueryOptions, createSdkMcpServer, type Query, query, tool } from '@ccsdk/sdk/browser';
import { z } from 'zod';
import { PagePromptStream } from './page-prompt-stream.js';
import type { PageOutcome, PageProbeOutcome, PageRunSpec, PageWebSocketProbe } from './page-protocol.js';

interface CurrentRun {
  readonly query: Query;
  readonly prompts: PagePromptStream;
  readonly outcome: Promise<PageOutcome>;
}

let current: CurrentRun | undefined;

/** The in-page MCP server: `mcp__calc__add` answers in the page, and records each call. */
function calcServer(calls: Array<{ a: number; b: number }>) {
  return createSdkMcpServer({
    name: 'calc',
    version: '1.0.0',
    tools: [
      tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async (args) => {
        calls.push(args);
        return { content: [{ type: 'text', text: `page says ${args.a + args.b}` }] };
      }),
    ],
  });
}

/** A `PreToolUse` hook answered in the page: records the tool and lets the call go on. */
function recordingHooks(calls: string[]): BrowserQueryOptions['hooks'] {
  return {
    PreToolUse: [
      {
        hooks: [
          async (input) => {
            calls.push(`${input.hook_event_name}:${'tool_name' in input ? input.tool_name : '?'}`);
            return { continue: true };
          },
        ],
      },
    ],
  };
}

function transportOptions(spec: PageRunSpec): Pick<BrowserQueryOptions, 'websocket' | 'sse'> {
  const { transport } = spec;
  if (transport.kind === 'websocket') {
    return {
      websocket: {
        url: transport.url,
        ...(transport.token === undefined
          ? {}
          : { authMessage: { type: 'auth', credential: { type: 'oauth', token: transport.token } } }),
      },
    } as Pick<BrowserQueryOptions, 'websocket'>;
  }
  return {
    sse: {
      streamUrl: transport.streamUrl,
      sendUrl: transport.sendUrl,
      sessionId: transport.sessionId,
      headers: { authorization: `Bearer ${transport.token}` },
    },
  } as Pick<BrowserQueryOptions, 'sse'>;
}

/** Starts one query: the first prompt now, each next one after a result; input ends after the last. */
function start(spec: PageRunSpec): void {
  const messages: unknown[] = [];
  const asks: string[] = [];
  const mcpCalls: Array<{ a: number; b: number }> = [];
  const hookCalls: string[] = [];
  const prompts = new PagePromptStream();
  const pending = [...spec.prompts];
  prompts.push(pending.shift() ?? '');
  const options = {
    prompt: prompts,
    ...transportOptions(spec),
    ...(spec.mcp ? { mcpServers: { calc: calcServer(mcpCalls) } } : {}),
    ...(spec.hooks ? { hooks: recordingHooks(hookCalls) } : {}),
    canUseTool: async (toolName: string, input: Record<string, unknown>) => {
      asks.push(`${toolName}:${JSON.stringify(input)}`);
      // The test may act while the prompt waits (cut the connection, say) before the page answers.
      await window.browserE2ePermissionAsked?.(toolName);
      return spec.permission === 'deny'
        ? { behavior: 'deny' as const, message: 'The page said no.' }
        : { behavior: 'allow' as const, updatedInput: input };
    },
  } as BrowserQueryOptions;
  const run = query(options);
  const outcome = (async (): Promise<PageOutcome> => {
    try {
      for await (const message of run) {
        messages.push(message);
        if ((message as { type?: string }).type !== 'result') continue;
        const next = pending.shift();
        if (next === undefined) prompts.end();
        else prompts.push(next);
      }
      return { messages, asks, mcpCalls, hookCalls };
    } catch (error) {
      return { messages, asks, mcpCalls, hookCalls, error: describeError(error) };
    } finally {
      prompts.end();
    }
  })();
  current = { query: run, prompts, outcome };
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}`;
  }
  return String(error);
}

function requireRun(): CurrentRun {
  if (current === undefined) throw new Error('No query was started on this page.');
  return current;
}

/** Opens a bare WebSocket and reports how the server answered (refusal tests). */
function probeWebSocket(probe: PageWebSocketProbe): Promise<PageProbeOutcome> {
  return new Promise((resolve) => {
    const socket = new WebSocket(probe.url);
    let opened = false;
    const received: string[] = [];
    const timer = setTimeout(() => {
      socket.close();
      resolve({ opened, closeCode: undefined, closeReason: 'still open', received });
    }, probe.waitMs);
    socket.addEventListener('open', () => {
      opened = true;
      if (probe.firstFrame !== undefined) socket.send(probe.firstFrame);
      if (probe.thenFrameBytes !== undefined) socket.send('x'.repeat(probe.thenFrameBytes));
    });
    socket.addEventListener('message', (event) => received.push(String(event.data).slice(0, 200)));
    socket.addEventListener('close', (event) => {
      clearTimeout(timer);
      resolve({ opened, closeCode: event.code, closeReason: event.reason, received });
    });
  });
}

/** Sends one fetch and reports the status and (for a refusal) the body, or the network error a refused CORS read gives. */
async function probeFetch(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string; bodyBytes?: number },
): Promise<{ status?: number; body?: string; networkError?: string }> {
  const body = init.bodyBytes === undefined ? init.body : 'x'.repeat(init.bodyBytes);
  try {
    const controller = new AbortController();
    const response = await fetch(url, {
      method: init.method,
      ...(init.headers === undefined ? {} : { headers: init.headers }),
      ...(body === undefined ? {} : { body }),
      signal: controller.signal,
    });
    // A refusal's JSON body is read; an open event stream is not (its first frame may be a while).
    const reader = response.ok ? undefined : response.body?.getReader();
    const first = reader === undefined ? undefined : await reader.read();
    controller.abort();
    const text = first?.value === undefined ? '' : new TextDecoder().decode(first.value);
    return { status: response.status, body: text.slice(0, 500) };
  } catch (error) {
    return { networkError: describeError(error) };
  }
}

const api = {
  start,
  interrupt: async (): Promise<void> => {
    await requireRun().query.interrupt();
  },
  outcome: (): Promise<PageOutcome> => requireRun().outcome,
  probeWebSocket,
  probeFetch,
};

declare global {
  interface Window {
    browserE2e: typeof api;
    /** Set by a test (`page.exposeFunction`): awaited on each permission prompt before it is answered. */
    browserE2ePermissionAsked?: (toolName: string) => Promise<void>;
  }
}

window.browserE2e = api;
document.title = 'ccsdk browser e2e: ready';
