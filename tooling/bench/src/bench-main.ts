/**
 * How a benchmark prints its results, and how a `*.bench.ts` file runs itself when node is started
 * with it (`node --expose-gc --conditions=@ccsdk/source --import tsx src/<name>.bench.ts`) rather
 * than loaded by `run-all.ts`.
 */
import { pathToFileURL } from 'node:url';
import type { Benchmark, BenchTable } from './bench-api.js';
import { formatTable } from './format-table.js';

/** Prints a benchmark's heading, before it runs. */
export function printBenchHeading(benchmark: Benchmark): void {
  console.log(`== ${benchmark.name}: ${benchmark.title}`);
}

/** Prints a benchmark's table and the notes under it. */
export function printBenchTable(table: BenchTable): void {
  console.log(formatTable(table.columns, table.rows));
  for (const note of table.notes ?? []) console.log(`  ${note}`);
}

/** True when the module at `moduleUrl` is the script node was started with. */
export function isMainModule(moduleUrl: string): boolean {
  return moduleUrl === pathToFileURL(process.argv[1] ?? '').href;
}

/** Runs `benchmark` and prints its table, when its file (`moduleUrl`) is the script node was started with. */
export async function runWhenMain(moduleUrl: string, benchmark: Benchmark): Promise<void> {
  if (!isMainModule(moduleUrl)) return;
  printBenchHeading(benchmark);
  printBenchTable(await benchmark.run());
}
