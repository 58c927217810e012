// The chat's session logic, with no DOM: the page (chat-page.ts) renders it, and `server.ts --check`
// runs the very same code in Node (whose WebSocket is the WHATWG one) to check the example offline.
import { type CanUseTool, query, type SDKMessage, type SDKUserMessage } from '@ccsdk/sdk/browser';

/** Where the page's backend says the session is: its WebSocket URL and the credential for its first frame. */
export interface ChatConnection {
  readonly wsUrl: string;
  readonly token: string;
}

/** What the chat shows, as it happens. */
export interface ChatView {
  /** One line of the conversation: the user's, the assistant's, or a note (tool use, errors). */
  line(who: 'you' | 'claude' | 'note', text: string): void;
  /** A tool wants to run: resolve `true` to allow it. */
  askPermission(toolName: string, input: Record<string, unknown>): Promise<boolean>;
  /** A turn ended (a `result`); `busy` is false again. */
  turnEnded(ok: boolean): void;
}

/** A running chat: `send` starts a turn, `close` ends the session. */
export interface Chat {
  send(text: string): void;
  close(): void;
  /** Settles when the session is over. */
  readonly done: Promise<void>;
}

/** A prompt stream fed by the chat box: one user message per `push`. */
class ChatInput implements AsyncIterable<SDKUserMessage> {
  readonly #queue: SDKUserMessage[] = [];
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
      if (next !== undefined) yield next;
      else if (this.#ended) return;
      else await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }
}

function show(message: SDKMessage, view: ChatView): void {
  if (message.type === 'assistant') {
    for (const block of message.message.content) {
      if (block.type === 'text') view.line('claude', block.text);
      if (block.type === 'tool_use') view.line('note', `uses ${block.name}`);
    }
  }
  if (message.type === 'result') view.turnEnded(message.subtype === 'success');
}

/**
 * Opens the chat's session: `query()` of `@ccsdk/sdk/browser` over the session's WebSocket, the
 * credential in the first frame (a browser cannot set an `Authorization` header), every permission
 * question asked in the page.
 */
export function openChat(connection: ChatConnection, view: ChatView): Chat {
  const input = new ChatInput();
  const canUseTool: CanUseTool = async (toolName, toolInput) =>
    (await view.askPermission(toolName, toolInput))
      ? { behavior: 'allow', updatedInput: toolInput }
      : { behavior: 'deny', message: 'The user said no in the web chat.' };
  const run = query({
    prompt: input,
    websocket: {
      url: connection.wsUrl,
      authMessage: { type: 'auth', credential: { type: 'oauth', token: connection.token } },
    },
    canUseTool,
  });
  const done = (async () => {
    try {
      for await (const message of run) show(message, view);
    } catch (error) {
      view.line('note', `the session failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  })();
  return {
    send: (text) => {
      view.line('you', text);
      input.push(text);
    },
    close: () => input.end(),
    done,
  };
}
