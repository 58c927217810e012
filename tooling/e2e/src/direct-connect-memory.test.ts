import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { DirectConnectTransport } from '@ccsdk/direct-connect';
import { generateToken } from '@ccsdk/direct-connect-server';
import { isSDKResultMessage, query } from '@ccsdk/sdk';
import { text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from './support/collect.js';
import { type Rig, startRig } from './support/rig.js';

/** Sessions before the first heap census: the server's code is warm. */
const WARMUP_SESSIONS = 16;
/** Sessions between the two censuses. */
const MEASURED_SESSIONS = 96;
/** Sessions run at once (the server spawns a CLI for each). */
const CONCURRENT_SESSIONS = 4;
/**
 * Values that may be alive after the last session and not after the warm-up without the server
 * keeping anything per session: the last request's leftovers and code loaded late (32 in runs
 * here: 17 plain objects, a few arrays and strings). One value kept per session grows the census
 * by MEASURED_SESSIONS (the registry keeping each removed session's id: +96).
 */
const ALLOWED_GROWN_VALUES = (MEASURED_SESSIONS * 3) / 4;

/** The server child: a line-oriented conversation over its stdin and stdout. */
class ServerChild {
  readonly #process: ChildProcessWithoutNullStreams;
  readonly #lines: AsyncIterator<string>;
  readonly #reader: Interface;
  #stderr = '';

  constructor(env: Record<string, string>, snapshotDir: string) {
    this.#process = spawn(
      process.execPath,
      ['--expose-gc', join(import.meta.dirname, 'support', 'direct-connect-server-child.mjs'), snapshotDir],
      { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.#process.stderr.on('data', (chunk: Buffer) => {
      this.#stderr += chunk.toString();
    });
    this.#reader = createInterface({ input: this.#process.stdout });
    this.#lines = this.#reader[Symbol.asyncIterator]();
  }

  /** The next JSON line the child prints. */
  async read(): Promise<Record<string, unknown>> {
    const { value, done } = await this.#lines.next();
    if (done) throw new Error(`the server child ended:\n${this.#stderr.slice(-4000)}`);
    return JSON.parse(value) as Record<string, unknown>;
  }

  async ask(command: string): Promise<Record<string, unknown>> {
    this.#process.stdin.write(`${command}\n`);
    return this.read();
  }

  kill(): void {
    this.#reader.close();
    this.#process.kill('SIGKILL');
  }
}

let rig: Rig | undefined;
let child: ServerChild | undefined;
let snapshotDir: string | undefined;
afterEach(async () => {
  child?.kill();
  child = undefined;
  await rig?.dispose();
  rig = undefined;
  if (snapshotDir !== undefined) await rm(snapshotDir, { recursive: true, force: true });
  snapshotDir = undefined;
});

/** Runs `count` one-prompt sessions through the server, CONCURRENT_SESSIONS at a time. */
async function runSessions(url: string, cwd: string, count: number): Promise<string[]> {
  const subtypes: string[] = [];
  for (let start = 0; start < count; start += CONCURRENT_SESSIONS) {
    const batch = Array.from({ length: Math.min(CONCURRENT_SESSIONS, count - start) }, async () => {
      const messages = await collect(
        query({ prompt: 'Say ok.', options: { transport: new DirectConnectTransport({ url, cwd }) } }),
      );
      const result = messages.at(-1);
      return isSDKResultMessage(result) ? result.subtype : 'no result';
    });
    subtypes.push(...(await Promise.all(batch)));
  }
  return subtypes;
}

describe('a Direct Connect server hosting many sessions: it keeps nothing per session', () => {
  it(`retains no JavaScript values across ${MEASURED_SESSIONS} sessions of the real CLI, each mirrored to a store`, async () => {
    rig = await startRig({ script: () => ({ content: [text('ok')] }) });
    snapshotDir = await mkdtemp(join(tmpdir(), 'ccsdk-server-heap-'));
    const token = generateToken();
    child = new ServerChild(
      {
        CCSDK_DC_CHILD_TOKEN: token,
        CCSDK_DC_CHILD_ROOT: rig.sandbox.cwd,
        CCSDK_DC_CHILD_CLI_ENV: JSON.stringify(rig.env),
      },
      snapshotDir,
    );
    // The server's cc:// address carries the token.
    const { url } = (await child.read()) as { url: string };

    const warm = await runSessions(url, rig.sandbox.cwd, WARMUP_SESSIONS);
    expect(await child.ask('snapshot warm')).toEqual({ snapshot: 'warm', sessionsLeft: 0 });
    const measured = await runSessions(url, rig.sandbox.cwd, MEASURED_SESSIONS);
    expect(await child.ask('snapshot end')).toEqual({ snapshot: 'end', sessionsLeft: 0 });
    const census = (await child.ask('census warm end')) as {
      storeAppends: number;
      grownValues: number;
      topGrowth: unknown[];
    };

    expect([...warm, ...measured]).toEqual(Array(WARMUP_SESSIONS + MEASURED_SESSIONS).fill('success'));
    // Every session was mirrored (each sends at least its transcript's first batch).
    expect(census.storeAppends).toBeGreaterThanOrEqual(WARMUP_SESSIONS + MEASURED_SESSIONS);
    expect(census.grownValues, `grown kinds: ${JSON.stringify(census.topGrowth)}`).toBeLessThanOrEqual(
      ALLOWED_GROWN_VALUES,
    );
  }, 240_000);
});
