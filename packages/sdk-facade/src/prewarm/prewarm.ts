import { rm } from 'node:fs/promises';
import { AWAIT_CLAIM_FLAG } from '@ccsdk/transport-subprocess';
import { sdkMcpServersOf } from '../mcp/sdk-mcp-servers.js';
import type { ExtendedOptions } from '../options/options.js';
import { validateOptions } from '../options/validate-options.js';
import { QueryRun } from '../query/query-run.js';
import { createDefaultTransport } from '../transport/default-transport.js';
import { createParkingDir } from './parking-dir.js';
import { Spare, type SpareProcess } from './spare-process.js';
import { SentRequests, watchTransport } from './watch-transport.js';

/**
 * Starts a Claude Code process as a parked spare before the session's folder is known
 * (`--await-claim`): process start, config, auth, tools, host-level MCP servers, hooks and
 * `initialize` all happen now, in a private parking folder (or `options.cwd`). Bind it later
 * with `spare.claim({ prompt, options: { cwd, ... } })`, which sends `claim_session`.
 *
 * Rejects (and stops the process) when start-up fails or takes longer than
 * `initializeTimeoutMs` (default `INITIALIZE_TIMEOUT_MS`, 60 s, not counting the time SessionStart
 * and Setup hooks run, up to `STARTUP_HOOKS_MAX_HOLD_MS`). Not with `options.transport`
 * (a spare is a local process) or `resume`/`continue` (a claim starts a new session).
 */
export async function prewarm(
  params: { options?: ExtendedOptions; initializeTimeoutMs?: number } = {},
): Promise<SpareProcess> {
  const options = params.options ?? {};
  validateOptions(options);
  const timeoutMs = params.initializeTimeoutMs;
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new TypeError(`initializeTimeoutMs must be a positive number of ms, got ${String(timeoutMs)}`);
  }
  if (options.transport !== undefined) {
    throw new TypeError('prewarm: options.transport cannot be used; a spare is a local Claude Code process');
  }
  if (options.resume !== undefined || options.continue === true) {
    throw new TypeError(
      'prewarm: options.resume and options.continue cannot be used; a claim starts a new session',
    );
  }
  const parkingDir = options.cwd === undefined ? await createParkingDir(options.env) : undefined;
  const spareOptions: ExtendedOptions = {
    ...options,
    ...(parkingDir === undefined ? {} : { cwd: parkingDir }),
    extraArgs: { ...options.extraArgs, [AWAIT_CLAIM_FLAG]: null },
  };
  let markExited: () => void = () => {};
  const exited = new Promise<void>((resolve) => {
    markExited = resolve;
  });
  const sent = new SentRequests();
  const transport = watchTransport(createDefaultTransport(spareOptions), {
    onClosed: () => markExited(),
    onSent: (message) => sent.observe(message),
  });
  // The spare's CLI is started here from these options, so initialize says what query() would.
  const run = new QueryRun({ ...spareOptions, transport }, timeoutMs, true);
  try {
    await run.initializationResult();
  } catch (error) {
    await run.close();
    if (parkingDir !== undefined) await rm(parkingDir, { recursive: true, force: true }).catch(() => {});
    throw error;
  }
  return new Spare({
    run,
    exited,
    sent,
    sdkMcpServers: Object.keys(sdkMcpServersOf(options)),
    ...(parkingDir === undefined ? {} : { parkingDir }),
  });
}
