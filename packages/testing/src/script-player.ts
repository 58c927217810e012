import { text } from './blocks.js';
import type { RecordedMessagesRequest } from './recorded-request.js';
import type { Reply } from './reply.js';
import { validateReply } from './validate-reply.js';

/** A function script: answers one request, may be async, may inspect the whole request. */
export type ScriptFunction = (request: RecordedMessagesRequest) => Reply | Promise<Reply>;

/**
 * What the fake model says. An array is consumed in order, one reply per main request; a
 * function is called for every main request. Side requests never touch the script.
 */
export type Script = readonly Reply[] | ScriptFunction;

/** The text the fake answers with once an array script has no reply left. */
export const SCRIPT_EXHAUSTED_TEXT = '(script exhausted)';

/** Which reply a request gets, and why. */
export interface ChosenReply {
  readonly reply: Reply;
  readonly outcome: 'script' | 'side' | 'exhausted';
}

/** Plays a script: hands out array replies in order, calls function scripts, answers side requests. */
export class ScriptPlayer {
  readonly #script: Script;
  readonly #sideReply: Reply | ScriptFunction;
  #next = 0;
  #exhausted = false;

  constructor(script: Script, sideReply: Reply | ScriptFunction) {
    this.#script = script;
    this.#sideReply = sideReply;
  }

  /** True once a main request arrived after the array script ran out. */
  get exhausted(): boolean {
    return this.#exhausted;
  }

  /** Replies of an array script not yet consumed; `undefined` for a function script. */
  get remaining(): number | undefined {
    return typeof this.#script === 'function' ? undefined : this.#script.length - this.#next;
  }

  /**
   * Picks the reply for `request`. A function script's or side function's answer is validated;
   * a throw or a bad answer rejects (the server turns that into a 500 and records it).
   */
  async choose(request: RecordedMessagesRequest): Promise<ChosenReply> {
    if (!request.isMain) {
      const side = this.#sideReply;
      const reply =
        typeof side === 'function' ? validateReply(await side(request), 'sideReply(request)') : side;
      return { reply, outcome: 'side' };
    }
    const script = this.#script;
    if (typeof script === 'function') {
      return { reply: validateReply(await script(request), 'script(request)'), outcome: 'script' };
    }
    const reply = script[this.#next];
    if (reply === undefined) {
      this.#exhausted = true;
      return { reply: { content: [text(SCRIPT_EXHAUSTED_TEXT)] }, outcome: 'exhausted' };
    }
    this.#next += 1;
    return { reply, outcome: 'script' };
  }
}
