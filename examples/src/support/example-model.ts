import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AgentTestBed, createAgentTestBed, type Script } from '@ccsdk/testing';

/** This package's folder: the Claude Code CLI is resolved from its dependencies. */
const EXAMPLES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The options an example passes to `query()` to reach its model. */
export interface ModelOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  pathToClaudeCodeExecutable?: string;
  resolveFrom?: string;
}

/**
 * Where an example's model lives. Offline (no `ANTHROPIC_API_KEY`): the example's scripted
 * model on 127.0.0.1 and a throwaway sandbox, through `@ccsdk/testing`. Online: the real API,
 * your own Claude Code config, and a fresh empty working folder.
 */
export interface ExampleModel extends AsyncDisposable {
  /** True when the scripted model answers. */
  readonly offline: boolean;
  /** Spread into `query()` options. */
  readonly options: ModelOptions;
  /** The working folder the CLI runs in (empty at the start). */
  readonly cwd: string;
  /** The CLI's config dir (transcripts) offline; `undefined` online (your own, `~/.claude` by default). */
  readonly configDir: string | undefined;
  /** The test bed when offline: what the model was sent, the sandbox's config dir. */
  readonly bed: AgentTestBed | undefined;
  /**
   * Checks an outcome of the example. Offline a failed check throws (the scripted scenario must
   * come out exactly so); online it prints a note, since a real model may take another path.
   */
  check(condition: boolean, what: string): void;
  dispose(): Promise<void>;
}

/** Starts the example's model: `script` offline, the real API when `ANTHROPIC_API_KEY` is set. */
export async function startExampleModel(script: Script): Promise<ExampleModel> {
  const offline = !process.env['ANTHROPIC_API_KEY'];
  if (offline) {
    const bed = await createAgentTestBed({ script, cliFrom: EXAMPLES_DIR });
    console.log('(offline: a scripted model answers; set ANTHROPIC_API_KEY to use the real API)');
    return {
      offline,
      options: bed.options,
      cwd: bed.options.cwd,
      configDir: bed.sandbox.configDir,
      bed,
      check: (condition, what) => {
        if (!condition) throw new Error(`Example check failed: ${what}`);
        console.log(`ok: ${what}`);
      },
      dispose: () => bed.dispose(),
      [Symbol.asyncDispose]: () => bed.dispose(),
    };
  }
  const cwd = await mkdtemp(join(tmpdir(), 'ccsdk-example-'));
  const dispose = () => rm(cwd, { recursive: true, force: true });
  return {
    offline,
    options: { cwd, resolveFrom: EXAMPLES_DIR },
    cwd,
    configDir: undefined,
    bed: undefined,
    check: (condition, what) =>
      console.log(`${condition ? 'ok' : 'note: not so with the real model'}: ${what}`),
    dispose,
    [Symbol.asyncDispose]: dispose,
  };
}
