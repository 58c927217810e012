import { type ParseArgsConfig, parseArgs } from 'node:util';
import { CliError } from './cli-error.js';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** What a subcommand accepts: its options (node:util `parseArgs` form) and how many positionals. */
export interface VerbArgsSpec<O extends OptionsConfig> {
  /** `sessions list`, for error messages. */
  readonly command: string;
  readonly options: O;
  /** Names of the positionals in order, for "missing <id>" messages; all are required. */
  readonly positionals: readonly string[];
  /** Whether the last positional takes every remaining word (a title, a search text). */
  readonly restIsText?: boolean;
}

/** The `--help` option every subcommand takes. */
const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

/** Parsed arguments: typed option values, the positionals, and whether help was asked for. */
export interface VerbArgs<O extends OptionsConfig> {
  readonly values: ReturnType<typeof parseArgs<{ options: O & typeof HELP_OPTION; strict: true }>>['values'];
  readonly positionals: string[];
  readonly help: boolean;
}

/**
 * Parses one subcommand's arguments strictly: an unknown flag, a flag without its value, a
 * missing or extra positional all throw a `USAGE` {@link CliError} naming it. With `--help`
 * nothing else is checked.
 */
export function parseVerbArgs<O extends OptionsConfig>(
  argv: readonly string[],
  spec: VerbArgsSpec<O>,
): VerbArgs<O> {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { ...spec.options, ...HELP_OPTION },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new CliError('USAGE', `ccsdk ${spec.command}: ${(error as Error).message.split('\n')[0]}`, {
      cause: error,
    });
  }
  const help = parsed.values['help'] === true;
  let positionals = parsed.positionals;
  if (!help) {
    const wanted = spec.positionals.length;
    if (positionals.length < wanted) {
      throw new CliError('USAGE', `ccsdk ${spec.command}: missing <${spec.positionals[positionals.length]}>`);
    }
    if (positionals.length > wanted) {
      if (!spec.restIsText || wanted === 0) {
        throw new CliError(
          'USAGE',
          `ccsdk ${spec.command}: unexpected argument ${JSON.stringify(positionals[wanted])}`,
        );
      }
      positionals = [...positionals.slice(0, wanted - 1), positionals.slice(wanted - 1).join(' ')];
    }
  }
  return { values: parsed.values as VerbArgs<O>['values'], positionals, help };
}

/**
 * A non-negative integer flag value (`--limit 10`), `undefined` when the flag was not given.
 * Throws a `USAGE` error quoting the bad value.
 */
export function countFlag(command: string, flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const count = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(count)) {
    throw new CliError(
      'USAGE',
      `ccsdk ${command}: ${flag} must be a whole number (0 or more), got ${JSON.stringify(value)}`,
    );
  }
  return count;
}
