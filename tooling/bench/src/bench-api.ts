/**
 * The contract between a benchmark file and `run-all.ts`: each `*.bench.ts` default-exports a
 * {@link Benchmark}. Figures are ratios against a floor (or the official SDK) measured in the
 * same run, plus peak memory.
 */

/** One printable table of results. */
export interface BenchTable {
  /** Column headers, in order. */
  readonly columns: readonly string[];
  /** One row per case; cells are printed as given (format numbers in the benchmark). */
  readonly rows: readonly (readonly string[])[];
  /** Lines printed under the table: what was measured, against what, on what. */
  readonly notes?: readonly string[];
  /** Raw figures saved to the results file. */
  readonly raw?: unknown;
}

/** A benchmark the runner can load and run. */
export interface Benchmark {
  /** Short name, also the results file prefix. */
  readonly name: string;
  /** One line: what is measured. */
  readonly title: string;
  /** Runs every case and returns the table. */
  run(): Promise<BenchTable>;
}
