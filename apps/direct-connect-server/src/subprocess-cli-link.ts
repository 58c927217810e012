import type { SystemPromptFields } from '@ccsdk/control-protocol';
import {
  AWAIT_CLAIM_FLAG,
  inheritedProcessEnv,
  SubprocessTransport,
  type SubprocessTransportOptions,
} from '@ccsdk/transport-subprocess';
import type {
  CliLink,
  CliLinkExit,
  CliLinkFactory,
  CliLinkParams,
  TranscriptMirrorFrame,
} from './cli-link.js';
import { CliStartGate, type CliStartTicket } from './cli-start-gate.js';
import {
  CLI_NICENESS,
  lowerCliPriority,
  type PriorityChangeOptions,
  type PrioritySystem,
  startLowered,
} from './cli-start-priority.js';
import { mayBeTranscriptMirror } from './line-peek.js';
import { OperatorPrompt } from './operator-prompt.js';
import { restoreCliPriority } from './warm-pool/restore-priority.js';

/**
 * CLI options every session of a server shares: the model, tools, environment, where the CLI
 * is. The per-session ones (`cwd`, `permissionMode`, `resume`, `sessionMirror`) come from the
 * request and the server's configuration.
 */
export type SharedCliOptions = Omit<
  SubprocessTransportOptions,
  'cwd' | 'permissionMode' | 'resume' | 'sessionMirror'
>;

/**
 * The default {@link CliLinkFactory}: each session is a `SubprocessTransport` running the real
 * CLI. A CLI spawned while as many others as there are cores are still starting runs at a lower
 * CPU priority (`start.niceness`), so a burst of starts cannot starve the server's event loop
 * (`CliStartGate`). The permission prompt tool defaults to `stdio`, so the CLI asks the
 * remote client's `canUseTool` over the control channel (a client without one answers with an
 * error, which denies the tool).
 */
export function subprocessCliLinkFactory(
  shared: SharedCliOptions = {},
  start: {
    /**
     * Niceness given to a CLI that starts while the gate is full (`lowerCliPriority`); `false`
     * leaves every CLI at the server's priority. Default `CLI_NICENESS` (10).
     */
    readonly niceness?: number | false;
    /**
     * How many CLIs may be starting at once at the server's priority; the factory's links share
     * one count. Default `DEFAULT_FULL_PRIORITY_CLI_STARTS` (one per core).
     */
    readonly fullPriorityStarts?: number;
    /**
     * Where priorities are read and changed; default `nodePrioritySystem` (`/proc` and
     * `node:os`). Tests pass one that records what the kernel answered.
     */
    readonly prioritySystem?: PrioritySystem;
  } = {},
): CliLinkFactory {
  const niceness = start.niceness ?? CLI_NICENESS;
  const gate = new CliStartGate(start.fullPriorityStarts);
  const system = start.prioritySystem;
  // Read once, when the server starts (a malformed prompt is refused here, not per session).
  const operatorPrompt = OperatorPrompt.fieldsOf(shared);
  return (params) => new SubprocessCliLink(shared, params, { niceness, gate, system }, operatorPrompt);
}

/**
 * Longest a lowered CLI's start waits for its autogroup write, in ms: 2 s. Past it (the kernel's
 * rate limit taken by other processes' writes) the start goes on and the write is retried behind.
 */
export const LOWERED_START_HOLD_MS = 2_000;

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** The transport's form for "no prompt flag": the CLI starts on its own prompt until initialize. */
const CLAUDE_CODE_PROMPT = { type: 'preset', preset: 'claude_code' } as const;

/** What the links of one factory share about starting: the lowered niceness, the gate, the system. */
interface LinkStart {
  readonly niceness: number | false;
  readonly gate: CliStartGate;
  readonly system: PrioritySystem | undefined;
}

/**
 * A {@link CliLink} over `SubprocessTransport` in raw-line mode: client lines go to the CLI's
 * stdin as the bytes received (`sendRawLine`), CLI lines go to `onLine` as the bytes read; no
 * payload is parsed or stringified on the way. The only lines parsed are `transcript_mirror`
 * frames when a mirror is installed, found by a prefix check ({@link mayBeTranscriptMirror}); one that does
 * not parse as a frame is forwarded like any other line.
 */
class SubprocessCliLink implements CliLink {
  onLine?: (line: Uint8Array) => void;
  onTranscriptMirror?: (frame: TranscriptMirrorFrame) => void;
  onWarning?: (error: Error) => void;
  onExit?: (exit: CliLinkExit) => void;

  readonly #transport: SubprocessTransport;
  /** The operator's system prompt, put into the client's `initialize` rather than on argv. */
  readonly #operatorPrompt: OperatorPrompt | undefined;
  readonly #start: LinkStart;
  #ticket: CliStartTicket | undefined;
  readonly #awaitClaim: boolean;
  /** Aborted when the CLI exits or the link closes: a priority change still waiting is dropped. */
  readonly #gone = new AbortController();

  constructor(
    shared: SharedCliOptions,
    params: CliLinkParams,
    start: LinkStart,
    operatorPrompt: SystemPromptFields | undefined,
  ) {
    this.#start = start;
    this.#operatorPrompt = operatorPrompt === undefined ? undefined : new OperatorPrompt(operatorPrompt);
    this.#transport = new SubprocessTransport({
      permissionPromptToolName: 'stdio',
      maxLineBytes: params.maxLineBytes,
      ...shared,
      // The operator's prompt reaches the CLI in initialize (see sendLine); argv names none.
      ...(this.#operatorPrompt === undefined ? {} : { systemPrompt: CLAUDE_CODE_PROMPT }),
      // A given env replaces the inherited one, so a session's variables go over whichever the CLI gets.
      ...(params.env === undefined
        ? {}
        : { env: { ...(shared.env ?? inheritedProcessEnv()), ...params.env } }),
      rawLines: true,
      cwd: params.cwd,
      ...(params.permissionMode === undefined ? {} : { permissionMode: params.permissionMode }),
      ...(params.resume === undefined ? {} : { resume: params.resume }),
      ...(params.sessionMirror ? { sessionMirror: true } : {}),
      ...(params.awaitClaim === true ? { extraArgs: { ...shared.extraArgs, [AWAIT_CLAIM_FLAG]: null } } : {}),
    });
    this.#awaitClaim = params.awaitClaim === true;
    this.#transport.onrawline = (line) => this.#deliver(line);
    this.#transport.onerror = (error) => this.onWarning?.(error);
    this.#transport.onclose = (info) => {
      this.#gone.abort();
      this.#ticket?.end();
      this.onExit?.(exitOf(info.error));
    };
  }

  async start(): Promise<void> {
    if (this.#awaitClaim) return this.#startSpare();
    const ticket = this.#start.gate.begin();
    this.#ticket = ticket;
    const { niceness } = this.#start;
    try {
      if (ticket.atFullPriority || niceness === false) await this.#transport.start();
      else await this.#startLowered(niceness);
    } catch (error) {
      ticket.end();
      throw error;
    }
  }

  /**
   * A warm-pool spare takes no place in the start gate (live sessions keep theirs) and always
   * runs at the lowered priority, so refilling the pool cannot starve the sessions being served.
   */
  async #startSpare(): Promise<void> {
    const { niceness } = this.#start;
    if (niceness === false) await this.#transport.start();
    else await this.#startLowered(niceness);
  }

  /**
   * Starts the CLI in the autogroup writer's turn (`startLowered`): its threads are lowered at
   * once and its autogroup as soon as the kernel's rate limit takes the write, so a burst of
   * starts is paced by that limit rather than run at full weight. A write still refused after
   * `LOWERED_START_HOLD_MS` lets the start go on and keeps being retried behind it.
   */
  async #startLowered(niceness: number): Promise<void> {
    const outcome = await startLowered(
      async () => {
        await this.#transport.start();
        return this.#transport.pid;
      },
      niceness,
      { ...this.#priorityOptions(), deadlineMs: LOWERED_START_HOLD_MS },
    );
    const pid = this.#transport.pid;
    if (outcome !== undefined && !outcome.autogroup && outcome.autogroupWanted && pid !== undefined) {
      void lowerCliPriority(pid, niceness, this.#priorityOptions());
    }
  }

  /** Where this link's priority changes act, dropped once the CLI is gone. */
  #priorityOptions(): PriorityChangeOptions {
    const { system } = this.#start;
    return { signal: this.#gone.signal, ...(system === undefined ? {} : { system }) };
  }

  /**
   * The spare is now a session's CLI doing its start (the claim, the client's `initialize`): it
   * takes a place in the start gate like a cold start, and gets the server's priority back when
   * the gate allows (best effort, `restoreCliPriority`), so a pooled session is not slower than a
   * cold one on a busy machine.
   */
  claimed(): void {
    if (!this.#awaitClaim || this.#ticket !== undefined) return;
    const ticket = this.#start.gate.begin();
    this.#ticket = ticket;
    const pid = this.#transport.pid;
    if (ticket.atFullPriority && pid !== undefined && this.#start.niceness !== false) {
      void restoreCliPriority(pid, this.#priorityOptions());
    }
  }

  sendLine(line: Uint8Array): Promise<void> {
    return this.#transport.sendRawLine(this.#operatorPrompt?.rewrite(line) ?? line);
  }

  endInput(): Promise<void> {
    return this.#transport.endInput();
  }

  close(): Promise<void> {
    this.#gone.abort();
    this.#ticket?.end();
    return this.#transport.close();
  }

  #deliver(line: Uint8Array): void {
    this.#ticket?.end();
    const mirror = this.onTranscriptMirror;
    if (mirror !== undefined && mayBeTranscriptMirror(line)) {
      const frame = parseMirrorFrame(line);
      if (frame !== undefined) {
        mirror(frame);
        return;
      }
    }
    this.onLine?.(line);
  }
}

function parseMirrorFrame(line: Uint8Array): TranscriptMirrorFrame | undefined {
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(line));
  } catch {
    return undefined;
  }
  const frame = value as { type?: unknown; filePath?: unknown; entries?: unknown } | null;
  return typeof frame === 'object' &&
    frame !== null &&
    frame.type === 'transcript_mirror' &&
    typeof frame.filePath === 'string' &&
    Array.isArray(frame.entries)
    ? { filePath: frame.filePath, entries: frame.entries }
    : undefined;
}
function exitOf(error: Error | undefined): CliLinkExit {
  if (error === undefined) return { exitCode: 0, signal: null };
  const details = error as { exitCode?: unknown; signal?: unknown };
  return {
    exitCode: typeof details.exitCode === 'number' ? details.exitCode : null,
    signal: typeof details.signal === 'string' ? details.signal : null,
    error,
  };
}
