/**
 * Round-trip latency of an in-process MCP tool call, against the floor (a direct call of the same
 * handler), measured in the same run.
 *
 * Paths measured:
 * - floor: `await handler(args, extra)`, nothing else;
 * - router: `SdkMcpRouter.handle()` with a `tools/call` JSON-RPC message (the in-memory MCP link
 *   round-trips every message through JSON; a real `McpServer` dispatches; zod validates);
 * - full path: a `ControlChannel` playing the CLI sends `mcp_message` over the in-memory linked
 *   transport pair to a second `ControlChannel` whose handler calls the router, and the reply
 *   comes back the same way (every hop JSON round-tripped, as on the wire).
 * Then the full path for an echo tool at three payload sizes, to show the cost curve.
 *
 * Run alone: `node --expose-gc --import tsx src/mcp-roundtrip.bench.ts` (from tooling/bench).
 */
import { pathToFileURL } from 'node:url';
import { ControlChannel, createLinkedTransportPair } from '@ccsdk/control-protocol';
import { createSdkMcpServer, SdkMcpRouter, type SdkMcpToolExtra, tool } from '@ccsdk/mcp-inproc';
import { z } from 'zod';
import type { Benchmark, BenchTable } from './bench-api.js';
import { formatTable } from './format-table.js';
import { collectGarbage, RssSampler } from './stats.js';

/** Timed calls per path. */
const CALLS = 10_000;

/** Untimed calls before each timed run, so the JIT and the MCP session are warm. */
const WARMUP_CALLS = 1_000;

/** How often the RSS is sampled, in calls. */
const RSS_SAMPLE_EVERY_CALLS = 100;

/** Echo payload sizes for the curve, with the calls timed at each size. */
const ECHO_SIZES = [
  { label: '1 KiB', bytes: 1024, calls: 2_000 },
  { label: '32 KiB', bytes: 32 * 1024, calls: 1_000 },
  { label: '1 MiB', bytes: 1024 * 1024, calls: 100 },
] as const;

interface Figures {
  readonly calls: number;
  readonly p50Us: number;
  readonly p99Us: number;
  readonly meanUs: number;
  readonly peakRssMiB: number;
}

/** Runs `once` `calls` times in sequence after a warm-up; returns latency percentiles in µs. */
async function measure(calls: number, once: (i: number) => unknown): Promise<Figures> {
  const warmup = Math.min(WARMUP_CALLS, calls);
  for (let i = 0; i < warmup; i++) await once(i);
  collectGarbage();
  const rss = new RssSampler();
  rss.reset();
  const samples = new Float64Array(calls);
  for (let i = 0; i < calls; i++) {
    const start = process.hrtime.bigint();
    await once(i);
    samples[i] = Number(process.hrtime.bigint() - start) / 1000;
    if (i % RSS_SAMPLE_EVERY_CALLS === 0) rss.sample();
  }
  rss.sample();
  samples.sort();
  const at = (q: number) => samples[Math.min(calls - 1, Math.floor(q * calls))] as number;
  const mean = samples.reduce((sum, v) => sum + v, 0) / calls;
  return { calls, p50Us: at(0.5), p99Us: at(0.99), meanUs: mean, peakRssMiB: rss.peakMiB };
}

const textResult = (text: string) => ({ content: [{ type: 'text' as const, text }] });

const add = tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) =>
  textResult(String(a + b)),
);
const echo = tool('echo', 'Echo the text', { text: z.string() }, async ({ text }) => textResult(text));

/** The SDK side (router behind a ControlChannel) and the CLI side (a ControlChannel that asks). */
async function startFullPath(router: SdkMcpRouter): Promise<{ cli: ControlChannel; close(): Promise<void> }> {
  const [cliEnd, sdkEnd] = createLinkedTransportPair();
  const ignore = () => undefined;
  const sdk = new ControlChannel(sdkEnd, { onMessage: ignore });
  sdk.setHandler('mcp_message', async (request, { signal }) => ({
    mcp_response: await router.handle(String(request['server_name']), request['message'], { signal }),
  }));
  const cli = new ControlChannel(cliEnd, { onMessage: ignore });
  await Promise.all([sdk.start(), cli.start()]);
  return {
    cli,
    async close() {
      await Promise.all([cli.close(), sdk.close()]);
    },
  };
}

function toolsCall(id: number, name: string, args: Record<string, unknown>) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

/** Sends initialize and notifications/initialized, as the CLI does before any call. */
async function initialize(router: SdkMcpRouter): Promise<void> {
  await router.handle('calc', {
    jsonrpc: '2.0',
    id: -1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
  });
  await router.handle('calc', { jsonrpc: '2.0', method: 'notifications/initialized' });
}

function expectText(reply: unknown, expected: string): void {
  const text = (reply as { result?: { content?: { text?: string }[] } }).result?.content?.[0]?.text;
  if (text !== expected) throw new Error(`Unexpected reply: ${JSON.stringify(reply).slice(0, 200)}`);
}

const fmt = (us: number) => (us < 10 ? us.toFixed(2) : us < 1000 ? us.toFixed(1) : us.toFixed(0));

async function run(): Promise<BenchTable> {
  const config = createSdkMcpServer({ name: 'calc', tools: [add, echo] });
  const router = new SdkMcpRouter({ calc: config });
  await initialize(router);
  const path = await startFullPath(router);
  const extra = { signal: new AbortController().signal } as SdkMcpToolExtra;
  let nextId = 0;
  const viaChannel = async (message: unknown) =>
    (await path.cli.request<{ mcp_response: unknown }>('mcp_message', { server_name: 'calc', message }))
      .mcp_response;

  expectText(await router.handle('calc', toolsCall(nextId++, 'add', { a: 2, b: 40 })), '42');
  expectText(await viaChannel(toolsCall(nextId++, 'add', { a: 2, b: 40 })), '42');

  const floor = await measure(CALLS, (i) => add.handler({ a: i, b: 1 }, extra));
  const direct = await measure(CALLS, (i) =>
    router.handle('calc', toolsCall(nextId++, 'add', { a: i, b: 1 })),
  );
  const full = await measure(CALLS, (i) => viaChannel(toolsCall(nextId++, 'add', { a: i, b: 1 })));

  const rows: string[][] = [];
  const row = (label: string, f: Figures, floorFigures: Figures) => {
    rows.push([
      label,
      String(f.calls),
      fmt(f.p50Us),
      fmt(f.p99Us),
      fmt(f.meanUs),
      (1e6 / f.meanUs).toFixed(0),
      `${(f.p50Us / floorFigures.p50Us).toFixed(0)}x`,
      f.peakRssMiB.toFixed(0),
    ]);
  };
  row('floor: direct handler call (add)', floor, floor);
  row('router.handle tools/call (add)', direct, floor);
  row('full path: ControlChannel + router (add)', full, floor);

  const curve: { label: string; floor: Figures; full: Figures; jsonRoundTrip: Figures }[] = [];
  for (const size of ECHO_SIZES) {
    const text = 'x'.repeat(size.bytes);
    expectText(await viaChannel(toolsCall(nextId++, 'echo', { text })), text);
    const echoFloor = await measure(size.calls, () => echo.handler({ text }, extra));
    const echoFull = await measure(size.calls, () => viaChannel(toolsCall(nextId++, 'echo', { text })));
    const request = toolsCall(0, 'echo', { text });
    const jsonRoundTrip = await measure(size.calls, () => JSON.parse(JSON.stringify(request)));
    curve.push({ label: size.label, floor: echoFloor, full: echoFull, jsonRoundTrip });
    row(`full path, echo ${size.label}`, echoFull, echoFloor);
  }
  await path.close();
  await router.close();

  const perKiB = curve.map(
    (c, i) => `${c.label}: ${fmt((c.full.p50Us / (ECHO_SIZES[i]?.bytes ?? 1)) * 1024)} µs/KiB`,
  );
  const perJson = curve.map((c) => `${c.label}: ${(c.full.p50Us / c.jsonRoundTrip.p50Us).toFixed(1)}x`);
  return {
    columns: ['path', 'calls', 'p50 µs', 'p99 µs', 'mean µs', 'calls/s', 'p50 / floor', 'peak RSS MiB'],
    rows,
    notes: [
      `Sequential calls, ${WARMUP_CALLS} untimed warm-up calls per row; latency per call from process.hrtime.`,
      'floor = the same handler called directly; echo rows are divided by the direct echo call at that size.',
      'full path = ControlChannel request mcp_message over createLinkedTransportPair -> SdkMcpRouter ->',
      '  linked MCP pair -> McpServer -> zod validation -> handler -> reply; every hop JSON round-tripped.',
      `echo p50 per KiB: ${perKiB.join(', ')}.`,
      'The payload crosses 4 JSON round trips (2 each way) by design; echo p50 in units of one measured',
      `JSON.stringify+JSON.parse of the request at that size: ${perJson.join(', ')}.`,
    ],
    raw: { floor, direct, full, curve },
  };
}

const benchmark: Benchmark = {
  name: 'mcp-roundtrip',
  title: 'In-process MCP tool call round trip vs a direct handler call',
  run,
};
export default benchmark;

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const table = await run();
  console.log(`node ${process.version}, gc ${'gc' in globalThis ? 'exposed' : 'NOT exposed'}`);
  console.log(formatTable(table.columns, table.rows));
  for (const note of table.notes ?? []) console.log(`  ${note}`);
}
