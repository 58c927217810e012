// `server.ts --check`: the chat's own session code (chat-session.ts, written for the browser) runs
// here in Node against the same server, answering the permission prompt as a user clicking Allow
// would, and the example checks what came out. Needs Node's WHATWG WebSocket (Node 22, or Node 20
// with --experimental-websocket, as run-all.mjs starts it). Its sockets send the page's `Origin`, as
// the browser does, so the server takes the first-frame credential exactly as from the page.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ExampleModel } from '../support/example-model.js';
import { type ChatConnection, openChat } from './chat-session.js';

/** Runs the two scripted turns of the chat and checks the replies, the prompt and the tool's result. */
export async function checkChat(
  connection: ChatConnection,
  origin: string,
  model: ExampleModel,
): Promise<void> {
  sendOriginLikeTheBrowser(origin);
  const lines: string[] = [];
  const asked: string[] = [];
  let turnEnded: () => void = () => {};
  const chat = openChat(connection, {
    line: (who, text) => {
      lines.push(`${who}: ${text}`);
      console.log(`${who}: ${text}`);
    },
    askPermission: async (toolName, input) => {
      asked.push(`${toolName} ${String(input['command'])}`);
      return true;
    },
    turnEnded: () => turnEnded(),
  });
  for (const message of ['Hello there', 'Make a file, please']) {
    const ended = new Promise<void>((resolve) => (turnEnded = resolve));
    chat.send(message);
    await ended;
  }
  chat.close();
  await chat.done;
  model.check(
    lines.some((line) => line.startsWith('claude: Hello!')),
    'the first turn got the greeting',
  );
  model.check(
    asked.length === 1 && asked[0]?.startsWith('Bash touch') === true,
    'the page was asked once, for Bash',
  );
  model.check(existsSync(join(model.cwd, 'hello-from-the-web.txt')), 'the allowed command made its file');
  model.check(
    lines.some((line) => line.startsWith('claude: Done:')),
    'the second turn ended',
  );
}

type WebSocketClass = new (url: string, init?: unknown) => object;

/** Makes the global WebSocket send `Origin: origin` (Node's takes headers in its second argument). */
function sendOriginLikeTheBrowser(origin: string): void {
  const scope = globalThis as { WebSocket?: WebSocketClass };
  const NodeWebSocket = scope.WebSocket;
  if (typeof NodeWebSocket !== 'function') {
    throw new Error('No global WebSocket: run with Node 22, or Node 20 and --experimental-websocket.');
  }
  scope.WebSocket = class extends NodeWebSocket {
    constructor(url: string) {
      super(url, { headers: { origin } });
    }
  };
}
