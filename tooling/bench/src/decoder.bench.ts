import { JsonLinesDecoder } from '@ccsdk/control-protocol';
import type { Benchmark, BenchTable } from './bench-api.js';
import { collectGarbage, MIB_BYTES, median, megabytesPerSecond, RssSampler } from './stats.js';

/** Total input per line size, in bytes (about 256 MiB). */
const TOTAL_INPUT_BYTES = 256 * MIB_BYTES;

/** Chunk size the input is fed in, like reads from a pipe. */
const CHUNK_BYTES = 64 * 1024;

/** Timed runs per case; the median is reported. */
const RUNS = 5;

/** How often the RSS is sampled while decoding, in chunks. */
const RSS_SAMPLE_EVERY_CHUNKS = 16;

const LINE_SIZES = [
  { label: '1 KiB', lineBytes: 1024 },
  { label: '1 MiB', lineBytes: MIB_BYTES },
  { label: '64 MiB', lineBytes: 64 * MIB_BYTES },
] as const;

/**
 * One stdout line of about `lineBytes` UTF-8 bytes, shaped like an assistant message: mostly
 * ASCII text with JSON escapes and one multibyte character per 512 bytes.
 */
function makeLine(lineBytes: number): string {
  const head = '{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"';
  const tail = '"}]},"parent_tool_use_id":null,"session_id":"2f1e4c2a-0d55-4f53-9d0e-2f0f7f5a1c11"}';
  const phrase = 'The quick brown fox \\"jumps\\" over the lazy dog.\\n Café ';
  const phraseBytes = Buffer.byteLength(phrase);
  const room = lineBytes - Buffer.byteLength(head) - Buffer.byteLength(tail);
  let text = phrase.repeat(Math.floor(room / phraseBytes));
  text += 'x'.repeat(room - Buffer.byteLength(text));
  return head + text + tail;
}

interface SizeCase {
  readonly label: string;
  readonly line: string;
  readonly lineBytes: Buffer;
  readonly lineCount: number;
  readonly input: Buffer;
}

function makeCase(label: string, lineBytes: number): SizeCase {
  const line = makeLine(lineBytes);
  const lineBuffer = Buffer.from(`${line}\n`);
  const lineCount = Math.max(1, Math.round(TOTAL_INPUT_BYTES / lineBuffer.length));
  const input = Buffer.allocUnsafe(lineBuffer.length * lineCount);
  for (let i = 0; i < lineCount; i++) lineBuffer.copy(input, i * lineBuffer.length);
  return { label, line, lineBytes: lineBuffer.subarray(0, -1), lineCount, input };
}

/** Decodes the whole input in 64 KiB chunks; returns elapsed ms. */
function runDecoder(sizeCase: SizeCase, rss: RssSampler): number {
  let values = 0;
  let last: unknown;
  const decoder = new JsonLinesDecoder({
    onValue: (value) => {
      values++;
      last = value;
    },
    onError: (error) => {
      throw error;
    },
  });
  const { input } = sizeCase;
  const started = performance.now();
  for (let offset = 0, chunk = 0; offset < input.length; offset += CHUNK_BYTES, chunk++) {
    decoder.write(input.subarray(offset, offset + CHUNK_BYTES));
    if (chunk % RSS_SAMPLE_EVERY_CHUNKS === 0) rss.sample();
  }
  decoder.end();
  const elapsed = performance.now() - started;
  rss.sample();
  if (values !== sizeCase.lineCount || last === undefined) {
    throw new Error(`decoded ${values} values, expected ${sizeCase.lineCount}`);
  }
  return elapsed;
}

/** The floor: bare JSON.parse of the same line strings (no framing, no UTF-8 decoding). */
function runFloor(sizeCase: SizeCase, rss: RssSampler): number {
  let values = 0;
  let last: unknown;
  const sampleEvery = Math.max(1, Math.floor((RSS_SAMPLE_EVERY_CHUNKS * CHUNK_BYTES) / sizeCase.line.length));
  const started = performance.now();
  for (let i = 0; i < sizeCase.lineCount; i++) {
    last = JSON.parse(sizeCase.line);
    values++;
    if (i % sampleEvery === 0) rss.sample();
  }
  const elapsed = performance.now() - started;
  rss.sample();
  if (values !== sizeCase.lineCount || last === undefined) throw new Error('floor lost values');
  return elapsed;
}

/**
 * A second floor: TextDecoder + JSON.parse of the same line bytes, already split, so the
 * UTF-8 decoding that the first floor leaves out is counted but no framing is.
 */
function runDecodeFloor(sizeCase: SizeCase): number {
  const text = new TextDecoder();
  let last: unknown;
  const started = performance.now();
  for (let i = 0; i < sizeCase.lineCount; i++) last = JSON.parse(text.decode(sizeCase.lineBytes));
  const elapsed = performance.now() - started;
  if (last === undefined) throw new Error('decode floor lost values');
  return elapsed;
}

const fmt = (value: number, digits = 0) => value.toFixed(digits);

const benchmark: Benchmark = {
  name: 'decoder',
  title: 'JsonLinesDecoder throughput against bare JSON.parse of the same lines',
  async run(): Promise<BenchTable> {
    const rows: string[][] = [];
    const raw: unknown[] = [];
    for (const { label, lineBytes } of LINE_SIZES) {
      const sizeCase = makeCase(label, lineBytes);
      const oursMs: number[] = [];
      const floorMs: number[] = [];
      const decodeFloorMs: number[] = [];
      const rss = new RssSampler();
      collectGarbage();
      rss.reset();
      const baselineMiB = rss.peakMiB;
      for (let run = 0; run < RUNS; run++) {
        collectGarbage();
        oursMs.push(runDecoder(sizeCase, rss));
        collectGarbage();
        floorMs.push(runFloor(sizeCase, rss));
        collectGarbage();
        decodeFloorMs.push(runDecodeFloor(sizeCase));
      }
      const bytes = sizeCase.input.length;
      const ours = megabytesPerSecond(bytes, median(oursMs));
      const floor = megabytesPerSecond(bytes, median(floorMs));
      const decodeFloor = megabytesPerSecond(bytes, median(decodeFloorMs));
      rows.push([
        label,
        String(sizeCase.lineCount),
        fmt(bytes / MIB_BYTES),
        fmt(ours),
        fmt(floor),
        fmt(ours / floor, 2),
        fmt(decodeFloor),
        fmt(ours / decodeFloor, 2),
        fmt(baselineMiB),
        fmt(rss.peakMiB),
      ]);
      raw.push({
        label,
        lineCount: sizeCase.lineCount,
        bytes,
        oursMs,
        floorMs,
        oursMBps: ours,
        floorMBps: floor,
      });
    }
    return {
      columns: [
        'line size',
        'lines',
        'MiB in',
        'ours MB/s',
        'floor MB/s',
        'ours/floor',
        'decode+parse MB/s',
        'ours/decode+parse',
        'RSS before MiB',
        'peak RSS MiB',
      ],
      rows,
      notes: [
        `ours: JsonLinesDecoder over the input bytes fed in ${CHUNK_BYTES / 1024} KiB chunks (framing + UTF-8 decoding + JSON.parse).`,
        'floor: JSON.parse of the same line strings, already decoded and split (no framing, no UTF-8 decoding).',
        'decode+parse: TextDecoder.decode + JSON.parse of the same line bytes, already split (no framing).',
        `median of ${RUNS} runs each, interleaved, gc between runs; MB = 10^6 bytes; RSS before = after building the 256 MiB input; peak RSS = highest RSS sampled during all runs of the size.`,
      ],
      raw,
    };
  },
};

export default benchmark;
