/**
 * Failover between two `ccsdk serve` processes on one PostgreSQL store (issue 22, part 5): 10
 * sessions run on server A, half of them in the middle of a turn (the model's answer is held after
 * a tool ran), the other half attached between turns; A is SIGKILLed; each client resumes its
 * session on server B through `POST /sessions {resume}` (B loads the transcript from the store)
 * and runs one more turn. Reports sessions recovered, messages lost (every piece of the
 * conversation the client had seen that the history B's CLI sends the model lacks: the first turn
 * must be whole; the interrupted turn is reported apart) and the time to resume, p50/p99.
 *
 * PostgreSQL: `CCSDK_TEST_POSTGRES_URL` when set (e.g. from `.ci/databases.sh`), else a throwaway
 * server of `@ccsdk/test-databases`. `CCSDK_BENCH_FAILOVER_SESSIONS` sets the session count.
 * Run: `pnpm --filter @ccsdk/bench bench serve-failover`.
 */
import { DirectConnectTransport } from '@ccsdk/direct-connect';
import {
  isSDKAssistantMessage,
  isSDKResultMessage,
  isSDKSystemInitMessage,
  query,
  type SDKUserMessage,
} from '@ccsdk/sdk';
import { startPostgresServer } from '@ccsdk/test-databases';
import type { Benchmark, BenchTable } from './bench-api.js';
import { runWhenMain } from './bench-main.js';
import {
  killedServerScript,
  lostMarkers,
  resumePrompt,
  survivingServerScript,
  turnOneMarkers,
  turnOnePrompt,
  turnTwoMarkers,
  turnTwoPrompt,
} from './serve-failover-script.js';
import { descendantPids } from './serve-proc-status.js';
import { type ServeProcess, startServe } from './serve-process.js';
import { startServeBenchRig } from './serve-rig.js';
import { describeError } from './serve-session.js';
import { formatMs, percentile } from './serve-stats.js';

/** Sessions on A by default. */
const DEFAULT_SESSIONS = 10;
/** How long the sessions may take to reach their state before the kill, in ms. */
const SETUP_TIMEOUT_MS = 240_000;
/** Most time the bench's `POST /sessions {resume}` may take, in ms. */
const RESUME_CREATE_TIMEOUT_MS = 120_000;
/** Most time the CLI may take to answer `initialize` under load, in ms. */
const INITIALIZE_TIMEOUT_MS = 240_000;

/** One session's story. */
interface SessionRun {
  readonly index: number;
  readonly midTurn: boolean;
  sessionId?: string;
  /** Everything the client received from A and sent to it, as JSON text. */
  seen: string;
  /** When the client saw its query to A end (after the kill), ms since the kill. */
  noticedMs: number;
  recovered: boolean;
  error?: string;
  /** `POST /sessions {resume}` on B, in ms. */
  resumeCreateMs: number;
  /** From the kill to the first assistant message on B, in ms. */
  killToFirstMs: number;
  /** From the client noticing to the first assistant message on B, in ms. */
  noticedToFirstMs: number;
  lostTurnOne: string[];
  lostTurnTwo: string[];
}

function userMessage(content: string): SDKUserMessage {
  return {
    type: 'user',
    session_id: '',
    parent_tool_use_id: null,
    message: { role: 'user', content },
  } as SDKUserMessage;
}

async function until(condition: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function countFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 2)
    throw new TypeError(`${name} must be a whole number of at least 2, got ${JSON.stringify(raw)}`);
  return value;
}

async function openDatabase(): Promise<{ url: string; dispose(): Promise<void> }> {
  const given = process.env['CCSDK_TEST_POSTGRES_URL'];
  if (given !== undefined && given !== '') return { url: given, dispose: async () => undefined };
  return startPostgresServer();
}

/** Starts session `run` on A: turn one to its result, then (mid-turn sessions) turn two until the kill. */
function startOnA(
  a: ServeProcess,
  cwd: string,
  run: SessionRun,
  afterFirst: () => void,
): { ended: Promise<number> } {
  let firstResult!: () => void;
  const firstDone = new Promise<void>((resolve) => {
    firstResult = resolve;
  });
  async function* prompts() {
    yield userMessage(turnOnePrompt(run.index));
    run.seen += JSON.stringify(turnOnePrompt(run.index));
    await firstDone;
    afterFirst();
    if (run.midTurn) {
      yield userMessage(turnTwoPrompt(run.index));
      run.seen += JSON.stringify(turnTwoPrompt(run.index));
    }
    await new Promise(() => undefined); // the session stays attached until the kill
  }
  const ended = (async () => {
    try {
      for await (const message of query({
        prompt: prompts(),
        options: {
          transport: new DirectConnectTransport({ url: a.url, cwd }),
          initializeTimeoutMs: INITIALIZE_TIMEOUT_MS,
        },
      })) {
        run.seen += JSON.stringify(message);
        if (isSDKSystemInitMessage(message)) run.sessionId = message.session_id;
        if (isSDKResultMessage(message)) firstResult();
      }
    } catch {
      // A was killed: the query ends with a transport error.
    }
    return performance.now();
  })();
  return { ended };
}

/** Resumes `run` on B and runs one turn; fills in the figures. */
async function resumeOnB(
  b: ServeProcess,
  cwd: string,
  run: SessionRun,
  killedAt: number,
  noticedAt: number,
): Promise<void> {
  const start = performance.now();
  try {
    const created = await fetch(`${b.httpUrl}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cwd, resume: run.sessionId, session_key: `failover-${run.index}` }),
      signal: AbortSignal.timeout(RESUME_CREATE_TIMEOUT_MS),
    });
    const body = await created.text();
    run.resumeCreateMs = performance.now() - start;
    if (created.status !== 201)
      throw new Error(`POST /sessions {resume} ${created.status} ${body.slice(0, 200)}`);
    const transport = new DirectConnectTransport({
      url: b.url,
      cwd,
      sessionKey: `failover-${run.index}`,
      deleteSessionOnClose: true,
    });
    let subtype = 'no result';
    let resumedId: string | undefined;
    for await (const message of query({
      prompt: resumePrompt(run.index),
      options: { transport, initializeTimeoutMs: INITIALIZE_TIMEOUT_MS },
    })) {
      if (Number.isNaN(run.killToFirstMs) && isSDKAssistantMessage(message)) {
        const now = performance.now();
        run.killToFirstMs = now - killedAt;
        run.noticedToFirstMs = now - noticedAt;
      }
      if (isSDKResultMessage(message)) {
        subtype = message.subtype;
        resumedId = message.session_id;
      }
    }
    if (subtype !== 'success') throw new Error(`result ${subtype}`);
    if (resumedId !== run.sessionId) throw new Error(`resumed as ${resumedId}, not ${run.sessionId}`);
    run.recovered = true;
  } catch (error) {
    run.error = describeError(error);
  }
}

async function run(): Promise<BenchTable> {
  const count = countFromEnv('CCSDK_BENCH_FAILOVER_SESSIONS', DEFAULT_SESSIONS);
  const db = await openDatabase();
  const rigA = await startServeBenchRig({ script: killedServerScript });
  const rigB = await startServeBenchRig({ script: survivingServerScript });
  const cwd = rigA.sandbox.cwd;
  const serveArgs = (cli: string) => [
    '--root',
    cwd,
    '--claude',
    cli,
    '--store',
    db.url,
    '--max-sessions',
    String(count * 2),
    '--log-level',
    'warn',
  ];
  const a = await startServe({ env: rigA.env, args: serveArgs(rigA.cli) });
  const b = await startServe({ env: rigB.env, args: serveArgs(rigB.cli) });
  const runs: SessionRun[] = Array.from({ length: count }, (_, index) => ({
    index,
    midTurn: index % 2 === 0,
    seen: '',
    noticedMs: Number.NaN,
    recovered: false,
    resumeCreateMs: Number.NaN,
    killToFirstMs: Number.NaN,
    noticedToFirstMs: Number.NaN,
    lostTurnOne: [],
    lostTurnTwo: [],
  }));
  let orphans: number[] = [];
  try {
    let betweenTurns = 0;
    const onA = runs.map((r) => startOnA(a, cwd, r, () => (betweenTurns += 1)));
    const stalled = (r: SessionRun) =>
      rigA.fake
        .mainRequests()
        .some((q) => q.toolResults.some((t) => t.text.includes(`stall-out-s${r.index}z`)));
    await until(
      () => betweenTurns === count && runs.filter((r) => r.midTurn).every(stalled),
      'every session in its state (mid-turn or between turns)',
      SETUP_TIMEOUT_MS,
    );
    orphans = descendantPids(a.pid);
    const killedAt = performance.now();
    await a.stop('SIGKILL');
    await Promise.all(
      runs.map(async (r, i) => {
        const noticedAt = await (onA[i] as { ended: Promise<number> }).ended;
        r.noticedMs = noticedAt - killedAt;
        await resumeOnB(b, cwd, r, killedAt, noticedAt);
      }),
    );
    for (const r of runs) {
      const request = rigB.fake.mainRequests().find((q) => q.lastUserText.includes(resumePrompt(r.index)));
      const history = JSON.stringify(request?.messages ?? []);
      r.lostTurnOne = lostMarkers(turnOneMarkers(r.index), r.seen, history);
      r.lostTurnTwo = r.midTurn ? lostMarkers(turnTwoMarkers(r.index), r.seen, history) : [];
    }
  } finally {
    await a.stop('SIGKILL');
    for (const pid of orphans) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await b.stop('SIGTERM');
    await rigA.dispose();
    await rigB.dispose();
    await db.dispose();
  }
  const group = (label: string, members: SessionRun[]) => {
    const ok = members.filter((r) => r.recovered);
    return [
      label,
      `${ok.length} / ${members.length}`,
      String(members.reduce((sum, r) => sum + r.lostTurnOne.length, 0)),
      String(members.reduce((sum, r) => sum + r.lostTurnTwo.length, 0)),
      `${formatMs(
        percentile(
          members.map((r) => r.noticedMs),
          50,
        ),
      )} / ${formatMs(
        percentile(
          members.map((r) => r.noticedMs),
          99,
        ),
      )}`,
      `${formatMs(
        percentile(
          ok.map((r) => r.resumeCreateMs),
          50,
        ),
      )} / ${formatMs(
        percentile(
          ok.map((r) => r.resumeCreateMs),
          99,
        ),
      )}`,
      `${formatMs(
        percentile(
          ok.map((r) => r.noticedToFirstMs),
          50,
        ),
      )} / ${formatMs(
        percentile(
          ok.map((r) => r.noticedToFirstMs),
          99,
        ),
      )}`,
      `${formatMs(
        percentile(
          ok.map((r) => r.killToFirstMs),
          50,
        ),
      )} / ${formatMs(
        percentile(
          ok.map((r) => r.killToFirstMs),
          99,
        ),
      )}`,
    ];
  };
  return {
    columns: [
      'sessions on A',
      'recovered on B',
      'lost, turn one',
      'lost, interrupted turn',
      'kill to noticed ms p50 / p99',
      'POST {resume} ms p50 / p99',
      'noticed to first msg on B ms p50 / p99',
      'kill to first msg on B ms p50 / p99',
    ],
    rows: [
      group('all', runs),
      group(
        'mid-turn',
        runs.filter((r) => r.midTurn),
      ),
      group(
        'between turns',
        runs.filter((r) => !r.midTurn),
      ),
    ],
    notes: [
      `${count} sessions on server A (half mid-turn: a tool ran, the answer held; half attached between turns), both servers \`ccsdk serve --store postgres://...\` (${process.env['CCSDK_TEST_POSTGRES_URL'] ? 'CCSDK_TEST_POSTGRES_URL' : 'a throwaway PostgreSQL'}), real CLI, scripted fake`,
      'A is SIGKILLed; each client resumes on B with POST /sessions {cwd, resume: <session id>, session_key}, then attaches and sends one prompt (all at once)',
      "lost: pieces of the conversation the client had seen from A (its prompts, the tool output, the answers) missing from the history B's CLI sent the model on the resumed turn",
      'recovered: the resumed turn ended in success with the same session id',
      ...runs.filter((r) => r.error !== undefined).map((r) => `session ${r.index}: ${r.error}`),
      ...runs
        .filter((r) => r.lostTurnOne.length + r.lostTurnTwo.length > 0)
        .map((r) => `session ${r.index} lost: ${[...r.lostTurnOne, ...r.lostTurnTwo].join(', ')}`),
    ],
    raw: runs.map(({ seen: _seen, ...r }) => r),
  };
}

const benchmark: Benchmark = {
  name: 'serve-failover',
  title:
    'two ccsdk serve on one PostgreSQL store, one SIGKILLed mid-turn: sessions recovered, messages lost, time to resume',
  run,
};
export default benchmark;

await runWhenMain(import.meta.url, benchmark);
