/**
 * Message throughput and added latency of the Direct Connect bridge, against a direct pipe to the
 * same child process, measured in the same run.
 *
 * The child is an echo program (stdin copied to stdout byte for byte) started the way the CLI is
 * started (`pathToClaudeCodeExecutable` pointing at a `.mjs` file), so only the plumbing is timed:
 * - floor: a raw pipe: write one line to the child's stdin, wait for its newline on stdout;
 * - transport: `SubprocessTransport` to the same child (JSON.stringify out, JSON.parse back in);
 * - bridge: `DirectConnectTransport` -> WebSocket -> our server (byte line splitter,
 *   `SubprocessTransport` in raw-line mode, no JSON on the server) -> child -> back the same way.
 * Each path runs at three message sizes: sequential round trips (p50/p99) and a pipelined burst
 * (messages/s).
 *
 * Run alone: `node --expose-gc --import tsx src/direct-connect-bridge.bench.ts` (from tooling/bench).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Transport } from '@ccsdk/control-protocol';
import { DirectConnectTransport } from '@ccsdk/direct-connect';
import { generateToken, silentLogger, startDirectConnectServer } from '@ccsdk/direct-connect-server';
import { SubprocessTransport } from '@ccsdk/transport-subprocess';
import type { Benchmark, BenchTable } from './bench-api.js';
import { formatTable } from './format-table.js';
import { collectGarbage, RssSampler } from './stats.js';

/** Message sizes (bytes of the content string), with the round trips and burst length at each. */
const SIZES = [
  { label: '256 B', bytes: 256, roundTrips: 2_000, burst: 20_000 },
  { label: '4 KiB', bytes: 4 * 1024, roundTrips: 1_000, burst: 5_000 },
  { label: '64 KiB', bytes: 64 * 1024, roundTrips: 300, burst: 500 },
] as const;

/** Untimed round trips before each timed run. */
const WARMUP_ROUND_TRIPS = 200;

/** The echo "CLI": copies stdin to stdout and exits at EOF. */
const ECHO_PROGRAM = 'process.stdin.pipe(process.stdout);\n';

/** One path: sends a message and calls back once per echoed message. */
interface Path {
  send(message: unknown): Promise<void>;
  onEcho: (() => void) | undefined;
  close(): Promise<void>;
}

interface Figures {
  readonly p50Us: number;
  readonly p99Us: number;
  readonly messagesPerSecond: number;
  readonly peakRssMiB: number;
}

function message(bytes: number): Record<string, unknown> {
  return {
    type: 'user',
    session_id: '',
    parent_tool_use_id: null,
    message: { role: 'user', content: 'x'.repeat(bytes) },
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

/** Resolves on the next echo. */
function nextEcho(path: Path): Promise<void> {
  return new Promise((resolve) => {
    path.onEcho = () => {
      path.onEcho = undefined;
      resolve();
    };
  });
}

async function measure(path: Path, bytes: number, roundTrips: number, burst: number): Promise<Figures> {
  const payload = message(bytes);
  for (let i = 0; i < WARMUP_ROUND_TRIPS; i++) {
    const echoed = nextEcho(path);
    await path.send(payload);
    await echoed;
  }
  collectGarbage();
  const rss = new RssSampler();
  rss.reset();
  const latencies: number[] = [];
  for (let i = 0; i < roundTrips; i++) {
    const echoed = nextEcho(path);
    const start = process.hrtime.bigint();
    await path.send(payload);
    await echoed;
    latencies.push(Number(process.hrtime.bigint() - start) / 1000);
    if (i % 50 === 0) rss.sample();
  }
  latencies.sort((a, b) => a - b);
  let received = 0;
  const all = new Promise<void>((resolve) => {
    path.onEcho = () => {
      received += 1;
      if (received % 200 === 0) rss.sample();
      if (received === burst) resolve();
    };
  });
  const start = process.hrtime.bigint();
  for (let i = 0; i < burst; i++) await path.send(payload);
  await all;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  path.onEcho = undefined;
  rss.sample();
  return {
    p50Us: percentile(latencies, 50),
    p99Us: percentile(latencies, 99),
    messagesPerSecond: burst / seconds,
    peakRssMiB: rss.peakMiB,
  };
}

/** The floor: a raw pipe to the echo child, counting newline bytes. */
async function pipePath(echo: string): Promise<Path> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [echo], { stdio: 'pipe' });
  const path: Path = {
    onEcho: undefined,
    send: (value) =>
      new Promise((resolve, reject) => {
        child.stdin.write(`${JSON.stringify(value)}\n`, (error) => (error ? reject(error) : resolve()));
      }),
    close: async () => {
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
  child.stdout.on('data', (chunk: Buffer) => {
    let at = chunk.indexOf(0x0a);
    while (at !== -1) {
      path.onEcho?.();
      at = chunk.indexOf(0x0a, at + 1);
    }
  });
  await new Promise((resolve) => child.once('spawn', resolve));
  return path;
}

function transportPath(transport: Transport): Path {
  const path: Path = {
    onEcho: undefined,
    send: (value) => transport.send(value),
    close: () => transport.close(),
  };
  transport.onmessage = () => path.onEcho?.();
  return path;
}

async function run(): Promise<BenchTable> {
  const dir = await mkdtemp(join(tmpdir(), 'ccsdk-bench-dc-'));
  const echo = join(dir, 'echo-cli.mjs');
  await writeFile(echo, ECHO_PROGRAM);
  const token = generateToken();
  const server = await startDirectConnectServer({
    token,
    roots: [dir],
    logger: silentLogger,
    cli: { pathToClaudeCodeExecutable: echo },
  });
  const results: Array<{ size: string; floor: Figures; transport: Figures; bridge: Figures }> = [];
  try {
    for (const size of SIZES) {
      const floorPath = await pipePath(echo);
      const floor = await measure(floorPath, size.bytes, size.roundTrips, size.burst);
      await floorPath.close();

      const subprocess = new SubprocessTransport({ pathToClaudeCodeExecutable: echo, cwd: dir });
      const direct = transportPath(subprocess);
      await subprocess.start();
      const transport = await measure(direct, size.bytes, size.roundTrips, size.burst);
      await direct.close();

      const client = new DirectConnectTransport({ url: server.url, cwd: dir, deleteSessionOnClose: true });
      const bridged = transportPath(client);
      await client.start();
      const bridge = await measure(bridged, size.bytes, size.roundTrips, size.burst);
      await bridged.close();
      results.push({ size: size.label, floor, transport, bridge });
    }
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
  const rows = results.flatMap(({ size, floor, transport, bridge }) =>
    (
      [
        ['pipe (floor)', floor],
        ['SubprocessTransport', transport],
        ['Direct Connect bridge', bridge],
      ] as const
    ).map(([name, f]) => [
      size,
      name,
      f.p50Us.toFixed(0),
      f.p99Us.toFixed(0),
      signed(f.p50Us - floor.p50Us),
      f.messagesPerSecond.toFixed(0),
      (floor.messagesPerSecond / f.messagesPerSecond).toFixed(2),
      f.peakRssMiB.toFixed(0),
    ]),
  );
  return {
    columns: ['size', 'path', 'p50 µs', 'p99 µs', 'added p50 µs', 'msgs/s', 'floor / this', 'peak RSS MiB'],
    rows,
    notes: [
      'Round trip = send one message, wait for the echo; then a pipelined burst (send, await each write) for msgs/s.',
      'Child: `node echo-cli.mjs` (stdin piped to stdout), spawned as the CLI would be; the server runs in this process.',
      'added p50 = p50 of the path minus p50 of the raw pipe at the same size.',
      'The bridge does 1 JSON.stringify and 1 JSON.parse per round trip, both in the client; the server forwards',
      '  bytes (LineSplitter on the socket, SubprocessTransport rawLines/sendRawLine to the child, one copy to add',
      '  the newline to each outgoing frame).',
    ],
    raw: results,
  };
}

function signed(value: number): string {
  const rounded = Math.round(value);
  return rounded > 0 ? `+${rounded}` : String(rounded);
}

const benchmark: Benchmark = {
  name: 'direct-connect-bridge',
  title: 'Direct Connect bridge: messages/s and added latency vs a direct pipe, three sizes',
  run,
};
export default benchmark;

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const table = await run();
  console.log(`node ${process.version}, gc ${'gc' in globalThis ? 'exposed' : 'NOT exposed'}`);
  console.log(formatTable(table.columns, table.rows));
  for (const note of table.notes ?? []) console.log(`  ${note}`);
}
