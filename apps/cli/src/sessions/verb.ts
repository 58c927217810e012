import type { CommandIo } from './command-io.js';

/** One `ccsdk sessions` subcommand. */
export interface SessionsVerb {
  /** The word after `sessions`. */
  readonly name: string;
  /** One line for the `ccsdk sessions --help` listing. */
  readonly summary: string;
  /** The full `--help` text. */
  readonly help: string;
  /** Runs the subcommand; resolves to the exit code. Throws {@link CliError} for usage and failures. */
  run(argv: readonly string[], io: CommandIo): Promise<number>;
}
