import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from './blocks.js';
import { CLI_ENV_TO_DROP, QUIET_CLI_ENV } from './quiet-cli-env.js';

/** The API key a sandbox hands the CLI; the fake accepts any key. */
export const SANDBOX_API_KEY = 'sk-test-ccsdk';

/** Options of {@link createCliSandbox}. */
export interface CliSandboxOptions {
  /** Folder to create the sandbox in; default the system temp dir. */
  readonly parentDir?: string;
  /** Prefix of the sandbox folder's name; default `ccsdk-cli-`. */
  readonly prefix?: string;
}

/** A throwaway home for one CLI run: config dir, scratch dir and working dir in one temp folder. */
export interface CliSandbox extends AsyncDisposable {
  /** The sandbox folder; everything below is removed by `dispose()`. */
  readonly root: string;
  /** `CLAUDE_CONFIG_DIR`: transcripts land in `<configDir>/projects/<project key>/`. */
  readonly configDir: string;
  /** `CLAUDE_CODE_TMPDIR`: the CLI's scratch folders. */
  readonly tmpDir: string;
  /** An empty folder to run the CLI in. */
  readonly cwd: string;
  /**
   * The variables to lay over a child's environment: `ANTHROPIC_BASE_URL` = `fakeUrl`,
   * `ANTHROPIC_API_KEY`, `CLAUDE_CONFIG_DIR`, `CLAUDE_CODE_TMPDIR` and the quiet-offline switches.
   * Throws a `TypeError` for a `fakeUrl` that is not http(s).
   */
  env(fakeUrl: string): Record<string, string>;
  /**
   * A complete child environment: `base` (default `process.env`) without the variables that
   * would reroute the CLI (other providers, tokens, proxies), plus {@link CliSandbox.env}.
   */
  fullEnv(fakeUrl: string, base?: NodeJS.ProcessEnv): Record<string, string>;
  /** Removes the sandbox folder. Idempotent. */
  dispose(): Promise<void>;
}

/** Creates a {@link CliSandbox} under the temp dir (or `parentDir`). */
export async function createCliSandbox(options: CliSandboxOptions = {}): Promise<CliSandbox> {
  const { parentDir = tmpdir(), prefix = 'ccsdk-cli-' } = options;
  if (typeof parentDir !== 'string' || parentDir.length === 0) {
    throw new TypeError(`options.parentDir must be a folder path, got ${describe(parentDir)}`);
  }
  if (typeof prefix !== 'string' || /[\\/]/.test(prefix)) {
    throw new TypeError(`options.prefix must be a name without slashes, got ${describe(prefix)}`);
  }
  const root = await mkdtemp(join(parentDir, prefix));
  const configDir = join(root, 'config');
  const tmpDir = join(root, 'tmp');
  const cwd = join(root, 'cwd');
  await Promise.all([mkdir(configDir), mkdir(tmpDir), mkdir(cwd)]);
  const env = (fakeUrl: string): Record<string, string> => ({
    ...QUIET_CLI_ENV,
    ANTHROPIC_BASE_URL: checkUrl(fakeUrl),
    ANTHROPIC_API_KEY: SANDBOX_API_KEY,
    CLAUDE_CONFIG_DIR: configDir,
    CLAUDE_CODE_TMPDIR: tmpDir,
  });
  let disposing: Promise<void> | undefined;
  const dispose = (): Promise<void> => {
    disposing ??= rm(root, { recursive: true, force: true, maxRetries: 3 });
    return disposing;
  };
  return {
    root,
    configDir,
    tmpDir,
    cwd,
    env,
    fullEnv(fakeUrl, base = process.env) {
      const result: Record<string, string> = {};
      for (const [name, value] of Object.entries(base)) {
        if (value !== undefined && !CLI_ENV_TO_DROP.includes(name)) result[name] = value;
      }
      return { ...result, ...env(fakeUrl) };
    },
    dispose,
    [Symbol.asyncDispose]: dispose,
  };
}

function checkUrl(fakeUrl: string): string {
  let url: URL;
  try {
    url = new URL(fakeUrl);
  } catch {
    throw new TypeError(`env() expects the fake's http URL, got ${describe(fakeUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`env() expects an http(s) URL, got ${describe(fakeUrl)}`);
  }
  return fakeUrl;
}
