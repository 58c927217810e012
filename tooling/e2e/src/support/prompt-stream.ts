import type { SDKUserMessage } from '@ccsdk/sdk';

/**
 * A prompt stream the test feeds turn by turn, for multi-turn queries: `push(text)` sends one
 * user message; `end()` closes the stream so the CLI's input can end.
 */
export class PromptStream implements AsyncIterable<SDKUserMessage> {
  #queue: SDKUserMessage[] = [];
  #wake: (() => void) | undefined;
  #ended = false;

  push(text: string): void {
    this.#queue.push({
      type: 'user',
      session_id: '',
      message: { role: 'user', content: text },
      parent_tool_use_id: null,
    });
    this.#wake?.();
  }

  end(): void {
    this.#ended = true;
    this.#wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<SDKUserMessage> {
    for (;;) {
      const next = this.#queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.#ended) return;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = undefined;
    }
  }
}
