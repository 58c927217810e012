// Direct Connect: a server hosts Claude Code sessions (the CLI runs on the server's machine);
// a client drives one over HTTP and WebSocket with the same query() API, callbacks included.
// Here both run in one process on 127.0.0.1. Standalone server: `ccsdk serve`.
// Run: pnpm tsx src/direct-connect.ts
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { generateToken, startDirectConnectServer } from '@ccsdk/direct-connect-server';
import { DirectConnectTransport, isSDKResultSuccess, query } from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { startExampleModel } from './support/example-model.js';

await using model = await startExampleModel([
  reply(toolUse('Bash', { command: 'touch made-remotely.txt', description: 'Create a file' }, 'toolu_touch')),
  reply(text('Created made-remotely.txt on the server.')),
]);

// The server: which folders sessions may use, and how to run the CLI (offline: against the scripted model).
const { cwd, ...cli } = model.options;
await using server = await startDirectConnectServer({
  token: generateToken(),
  host: '127.0.0.1',
  port: 0,
  roots: [cwd],
  cli,
  logger: () => {},
});
console.log(`server listening; clients connect with ${server.url.replace(/[^/]+$/, '<token>')}`);

// The client: only needs the cc:// URL (it holds the token) and the folder to work in.
const asked: string[] = [];
let answer: string | undefined;
for await (const message of query({
  prompt: 'Create made-remotely.txt with touch.',
  options: {
    transport: new DirectConnectTransport({ url: server.url, cwd }),
    // Permission questions travel back to the client.
    canUseTool: async (toolName, input) => {
      asked.push(`${toolName} ${String(input['command'])}`);
      return { behavior: 'allow' };
    },
  },
})) {
  if (isSDKResultSuccess(message)) answer = message.result;
}
console.log(`claude: ${answer}`);

console.log(`asked the client: ${asked.join(', ')}`);

model.check(answer !== undefined, 'the remote session ended with a successful result');
model.check(
  !model.offline || asked.join() === 'Bash touch made-remotely.txt',
  'the server asked the client first',
);
model.check(
  !model.offline || existsSync(join(cwd, 'made-remotely.txt')),
  'the allowed command ran on the server',
);
