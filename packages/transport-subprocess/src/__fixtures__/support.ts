import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TransportCloseInfo } from '@ccsdk/control-protocol';
import type { SubprocessTransport } from '../subprocess-transport.js';

/** Absolute path of the fake CLI script. */
export const FAKE_CLI = fileURLToPath(new URL('./fake-cli.mjs', import.meta.url));

/** True while `pid` is a running (not zombie) process, as `ps` reports it. */
export function isRunning(pid: number): boolean {
  let state: string;
  try {
    state = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  } catch {
    return false;
  }
  return state !== '' && !state.startsWith('Z');
}

/** Polls `predicate` every 20 ms until it holds; throws after `timeoutMs`. */
export async function waitUntil(
  predicate: () => boolean,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Everything a transport reported, for assertions. */
export interface Recorder {
  messages: Array<Record<string, unknown>>;
  errors: Error[];
  closes: TransportCloseInfo[];
  closed: Promise<TransportCloseInfo>;
  /** Resolves with the first message whose `type` is `type`. */
  next(type: string): Promise<Record<string, unknown>>;
}

/** Installs recording callbacks on `transport` (call before `start()`). */
export function record(transport: SubprocessTransport): Recorder {
  let resolveClosed!: (info: TransportCloseInfo) => void;
  const closed = new Promise<TransportCloseInfo>((resolve) => {
    resolveClosed = resolve;
  });
  const recorder: Recorder = {
    messages: [],
    errors: [],
    closes: [],
    closed,
    async next(type) {
      let found: Record<string, unknown> | undefined;
      await waitUntil(
        () => {
          found = recorder.messages.find((m) => m.type === type);
          return found !== undefined;
        },
        10_000,
        `a ${type} message`,
      );
      return found as Record<string, unknown>;
    },
  };
  transport.onmessage = (message) => recorder.messages.push(message as Record<string, unknown>);
  transport.onerror = (error) => recorder.errors.push(error);
  transport.onclose = (info) => {
    recorder.closes.push(info);
    resolveClosed(info);
  };
  return recorder;
}
