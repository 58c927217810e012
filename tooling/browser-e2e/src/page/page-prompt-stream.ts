import type { SDKUserMessage } from '@ccsdk/sdk/browser';

/** The page's prompt stream: `push(text)` sends one user turn, `end()` ends the CLI's input. */
export class PagePromptStream implements AsyncIterable<SDKUserMessage> {
  #queue: SDKUserMessage[] = [];
  #wake: (() => void) | undefined;
  #ended = false;

  /** Queues one user message. */
  push(text: string): void {
    this.#queue.push({
      type: 'user',
      session_id: '',
      message: { role: 'user', content: text },
      parent_tool_use_id: null,
    });
    this.#wake?.();
  }

  /** Ends the stream once the queue is drained. */
  end(): void {
    this.#ended = true;
    this.#wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<SDKUserMessage> {
    for (;;) {
      const next = this.#queue.shift();
      if (next !== undefined) {
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
