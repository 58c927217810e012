/**
 * The offline world of the `ccsdk serve` benchmarks: the scripted fake Messages API, a private
 * config dir for the real CLI, the environment that points the CLI at both, and the CLI binary.
 */
import {
  CLI_ENV_TO_DROP,
  type CliSandbox,
  createCliSandbox,
  type FakeMessagesApi,
  locateClaudeCodeBinary,
  startFakeMessagesApi,
} from '@ccsdk/testing';

type FakeOptions = Parameters<typeof startFakeMessagesApi>[0];

/** One fake and one sandbox. */
export interface ServeBenchRig {
  readonly fake: FakeMessagesApi;
  readonly sandbox: CliSandbox;
  /** Environment for the server (and so its CLIs): inherited rerouting variables dropped, the sandbox's set. */
  readonly env: Record<string, string | undefined>;
  /** The real CLI binary, passed to `ccsdk serve --claude`. */
  readonly cli: string;
  dispose(): Promise<void>;
}

/** Starts the fake with `fakeOptions` and a fresh sandbox. */
export async function startServeBenchRig(fakeOptions: FakeOptions): Promise<ServeBenchRig> {
  const fake = await startFakeMessagesApi(fakeOptions);
  const sandbox = await createCliSandbox();
  const dropped = Object.fromEntries(CLI_ENV_TO_DROP.map((name) => [name, undefined]));
  return {
    fake,
    sandbox,
    env: { ...dropped, ...sandbox.env(fake.url) },
    cli: locateClaudeCodeBinary({ from: import.meta.dirname }),
    async dispose() {
      await fake.close();
      await sandbox.dispose();
    },
  };
}
