import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Benchmark } from './bench-api.js';
import { printBenchHeading, printBenchTable } from './bench-main.js';

const SOURCE_DIR = dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = resolve(SOURCE_DIR, '../results');
const BENCH_SUFFIX = '.bench.ts';

/** The bench files to run: those named on the command line (name or path), else all of them. */
function selectFiles(args: readonly string[]): string[] {
  const all = readdirSync(SOURCE_DIR)
    .filter((file) => file.endsWith(BENCH_SUFFIX))
    .sort();
  if (args.length === 0) return all.map((file) => join(SOURCE_DIR, file));
  return args.map((arg) => {
    const file = arg.endsWith(BENCH_SUFFIX) ? basename(arg) : `${arg}${BENCH_SUFFIX}`;
    if (!all.includes(file)) {
      throw new Error(`No benchmark ${JSON.stringify(arg)}; available: ${all.join(', ')}`);
    }
    return join(SOURCE_DIR, file);
  });
}

function isBenchmark(value: unknown): value is Benchmark {
  const candidate = value as Partial<Benchmark> | undefined;
  return typeof candidate?.name === 'string' && typeof candidate.run === 'function';
}

async function main(): Promise<void> {
  const files = selectFiles(process.argv.slice(2));
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replaceAll(':', '-');
  console.log(
    `node ${process.version}, ${process.platform}/${process.arch}, gc ${'gc' in globalThis ? 'exposed' : 'NOT exposed'}`,
  );
  for (const file of files) {
    const loaded: unknown = (await import(pathToFileURL(file).href)).default;
    if (!isBenchmark(loaded)) throw new Error(`${file} does not default-export a Benchmark`);
    console.log('');
    printBenchHeading(loaded);
    const table = await loaded.run();
    printBenchTable(table);
    const resultFile = join(RESULTS_DIR, `${loaded.name}-${stamp}.json`);
    writeFileSync(resultFile, `${JSON.stringify({ node: process.version, ...table }, null, 2)}\n`);
    console.log(`  saved ${resultFile}`);
  }
  console.log(`\nprocess peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
}

await main();
