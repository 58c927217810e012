import {
  type CliSandbox,
  createCliSandbox,
  type FakeMessagesApi,
  startFakeMessagesApi,
} from '@ccsdk/testing';

type FakeOptions = Parameters<typeof startFakeMessagesApi>[0];

/** One test's offline world: a fake Messages API and a private config dir for the real CLI. */
export interface Rig {
  fake: FakeMessagesApi;
  sandbox: CliSandbox;
  /**
   * The env for `query()`: the CLI talks only to the fake and writes only under the sandbox;
   * inherited variables that would reroute it (tokens, proxies, other providers) are removed.
   */
  env: Record<string, string | undefined>;
  /** `CLAUDE_CONFIG_DIR=<dir>`: the marker that finds this test's processes in the process table. */
  processMarker: string;
  dispose(): Promise<void>;
}

/** Starts the fake with `fakeOptions` and a fresh sandbox. Dispose it in `afterEach`. */
export async function startRig(fakeOptions: FakeOptions): Promise<Rig> {
  const fake = await startFakeMessagesApi(fakeOptions);
  const sandbox = await createCliSandbox();
  // A given env is the CLI's whole environment: the inherited one, less what would reroute it.
  const env = sandbox.fullEnv(fake.url);
  return {
    fake,
    sandbox,
    env,
    processMarker: `CLAUDE_CONFIG_DIR=${sandbox.configDir}`,
    async dispose() {
      await fake.close();
      await sandbox.dispose();
    },
  };
}
