import { z } from 'zod';
import { createSdkMcpServer, prompt, type SdkMcpToolExtra, tool } from '../src/index.js';

/** A promise with its resolve function outside, for handlers that report they started. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Resolves when the signal aborts, with its reason. */
export function aborted(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(signal.reason);
    else signal.addEventListener('abort', () => resolve(signal.reason), { once: true });
  });
}

/** The calculator server the router tests share, with counters of what ran. */
export function calcServer() {
  const calls: string[] = [];
  const add = tool(
    'add',
    'Add two numbers',
    { a: z.number().describe('first addend'), b: z.number().describe('second addend') },
    async ({ a, b }) => {
      calls.push('add');
      return { content: [{ type: 'text', text: String(a + b) }] };
    },
    { annotations: { readOnlyHint: true }, alwaysLoad: true },
  );
  const fail = tool('fail', 'Always throws', {}, async () => {
    calls.push('fail');
    throw Object.assign(new Error('the disk is full'), { data: { free: 0 } });
  });
  const stats = tool(
    'stats',
    'Mean of numbers',
    { values: z.array(z.number()) },
    async ({ values }) => {
      calls.push('stats');
      const mean = values.reduce((sum, v) => sum + v, 0) / Math.max(values.length, 1);
      return { content: [], structuredContent: values.length === 0 ? { mean: 'none' } : { mean } };
    },
    { outputSchema: { mean: z.number() } },
  );
  const config = createSdkMcpServer({
    name: 'calc',
    version: '3.1.4',
    instructions: 'Use add for sums.',
    tools: [add, fail, stats],
    resources: [
      {
        name: 'constants',
        uri: 'calc://constants',
        mimeType: 'application/json',
        read: (uri) => ({ contents: [{ uri: uri.href, text: '{"pi":3.14159}' }] }),
      },
      {
        name: 'table',
        uri: 'calc://table/{n}',
        description: 'Multiplication table of n',
        list: () => ({ resources: [{ name: 'table 2', uri: 'calc://table/2' }] }),
        read: (uri, variables) => ({
          contents: [{ uri: uri.href, text: `table of ${String(variables['n'])}` }],
        }),
      },
    ],
    prompts: [
      prompt('explain', 'Explain a number', { n: z.string().describe('the number') }, ({ n }) => ({
        messages: [{ role: 'user', content: { type: 'text', text: `Explain ${n}` } }],
      })),
    ],
  });
  return { config, calls };
}

/** A server whose one tool waits for its signal, reporting the extra it got. */
export function waitingServer(options: { timeoutMs?: number } = {}) {
  const started = deferred<SdkMcpToolExtra>();
  let runs = 0;
  const wait = tool(
    'wait',
    'Waits until cancelled',
    {},
    async (_args, extra) => {
      runs++;
      started.resolve(extra);
      const reason = await aborted(extra.signal);
      return { content: [{ type: 'text', text: `stopped: ${String(reason)}` }] };
    },
    options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
  );
  const config = createSdkMcpServer({ name: 'waiter', tools: [wait] });
  return { config, started, runs: () => runs };
}
