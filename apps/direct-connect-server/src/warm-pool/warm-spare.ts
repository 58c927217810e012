import type { CliLink, CliLinkExit, TranscriptMirrorFrame } from '../cli-link.js';

/** Where a spare is in its life. */
export type WarmSpareState = 'starting' | 'ready' | 'handed-off' | 'gone';

/** The callbacks a claimed spare's link gets once the pool hands it over. */
export interface SpareHandlers {
  onLine(line: Uint8Array): void;
  onTranscriptMirror?: (frame: TranscriptMirrorFrame) => void;
  onWarning(error: Error): void;
  onExit(exit: CliLinkExit): void;
}

/**
 * One parked Claude Code process of the pool: started with `--await-claim` in its parking
 * folder and never sent anything, so the client that claims it sends its own `initialize`
 * (hooks, MCP servers, agents) as it would to a cold CLI. It counts as ready at its first
 * stdout line. While parked its output is dropped; {@link handOff} gives the link to a session.
 */
export class WarmSpare {
  readonly link: CliLink;
  readonly parkingDir: string;
  /** When it was spawned (pool clock, ms). */
  readonly bornAt: number;
  #state: WarmSpareState = 'starting';
  readonly #onReady: (spare: WarmSpare) => void;
  readonly #onGone: (spare: WarmSpare, exit: CliLinkExit, wasReady: boolean) => void;

  constructor(init: {
    link: CliLink;
    parkingDir: string;
    bornAt: number;
    onReady: (spare: WarmSpare) => void;
    onGone: (spare: WarmSpare, exit: CliLinkExit, wasReady: boolean) => void;
  }) {
    this.link = init.link;
    this.parkingDir = init.parkingDir;
    this.bornAt = init.bornAt;
    this.#onReady = init.onReady;
    this.#onGone = init.onGone;
    this.link.onLine = () => this.#markReady();
    this.link.onTranscriptMirror = () => {};
    this.link.onWarning = () => {};
    this.link.onExit = (exit) => this.#markGone(exit);
  }

  /** Where it is in its life. */
  get state(): WarmSpareState {
    return this.#state;
  }

  /**
   * Gives the link to a session: from now on its lines, warnings and exit go to `handlers` and
   * the pool no longer tracks it. Only a ready spare can be handed off.
   */
  handOff(handlers: SpareHandlers): CliLink {
    if (this.#state !== 'ready') throw new Error(`A ${this.#state} spare cannot be handed off.`);
    this.#state = 'handed-off';
    this.link.onLine = handlers.onLine;
    this.link.onTranscriptMirror = handlers.onTranscriptMirror ?? (() => {});
    this.link.onWarning = handlers.onWarning;
    this.link.onExit = handlers.onExit;
    return this.link;
  }

  /** Ends a spare the pool still holds (before a hand-off); resolves when the process is gone. */
  close(): Promise<void> {
    return this.link.close();
  }

  #markReady(): void {
    if (this.#state !== 'starting') return;
    this.#state = 'ready';
    this.#onReady(this);
  }

  #markGone(exit: CliLinkExit): void {
    if (this.#state === 'gone' || this.#state === 'handed-off') return;
    const wasReady = this.#state === 'ready';
    this.#state = 'gone';
    this.#onGone(this, exit, wasReady);
  }
}
