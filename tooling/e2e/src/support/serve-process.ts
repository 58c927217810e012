import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { locateClaudeCodeBinary } from '@ccsdk/testing';
import type { Rig } from './rig.js';

const require = createRequire(import.meta.url);
const CCSDK_DIR = join(require.resolve('@ccsdk/cli/package.json'), '..');
/** The built `ccsdk` bin (turbo builds it before the e2e tests); from source through tsx when absent. */
const CCSDK_BUILT = join(CCSDK_DIR, 'dist', 'main.js');
const TSX_LOADER = pathToFileURL(require.resolve('tsx')).href;

/** `ccsdk serve` running as its own process. */
export interface ServeProcess {
  readonly child: ChildProcess;
  /** Base URL of its HTTP API. */
  readonly httpUrl: string;
  /** The `cc://` URL it printed. */
  readonly url: string;
  /** Everything it wrote to stderr so far (its JSON log lines). */
  stderr(): string;
  /** Resolves when the process exits. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** What a caller changes about how {@link startServeProcess} starts `ccsdk serve`. */
export interface ServeProcessOptions {
  /** Its only `--root`; default the rig's sandbox (a second server may serve the first's). */
  readonly root?: string;
}

/**
 * Starts `ccsdk serve` as a user would: the app's bin in its own process, the rig's environment,
 * the token in `CCSDK_SERVE_TOKEN`, the sandbox (or `options.root`) as its only root, the real CLI;
 * `extraArgs` go after those. Resolves once it printed its URL; rejects if it exits first. Kill it
 * in `afterEach`. A `token` of `undefined` leaves `CCSDK_SERVE_TOKEN` unset (even if this process
 * has it), as `--tokens-file` requires; its printed URL then holds no token.
 */
export async function startServeProcess(
  rig: Rig,
  token: string | undefined,
  extraArgs: string[] = [],
  options: ServeProcessOptions = {},
): Promise<ServeProcess> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...process.env, ...rig.env }))
    if (value !== undefined) env[name] = value;
  if (token === undefined) delete env['CCSDK_SERVE_TOKEN'];
  else env['CCSDK_SERVE_TOKEN'] = token;
  const entry = existsSync(CCSDK_BUILT)
    ? [CCSDK_BUILT]
    : ['--conditions=@ccsdk/source', '--import', TSX_LOADER, join(CCSDK_DIR, 'src', 'main.ts')];
  const args = [
    'serve',
    '--port',
    '0',
    '--root',
    options.root ?? rig.sandbox.cwd,
    '--claude',
    locateClaudeCodeBinary(),
  ];
  const child = spawn(process.execPath, [...entry, ...args, ...extraArgs], {
    cwd: rig.sandbox.cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) resolve(out.split('\n')[0] as string);
    });
    void exited.then(({ code }) => reject(new Error(`ccsdk serve exited with ${code}: ${log}`)));
  });
  const { host } = new URL(url.replace(/^cc:/, 'http:'));
  return { child, httpUrl: `http://${host}`, url, stderr: () => log, exited };
}
