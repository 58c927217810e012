// A minimal stdio MCP server for the e2e tests, written against the JSON-RPC wire directly.
// Its one tool, `ask`, sends an `elicitation/create` request to the client (the CLI) and
// returns the answer it got as the tool's text, so a test can see what the SDK replied.
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
let nextId = 1;
const waiting = new Map();

function ask(callId) {
  const id = `elicit-${nextId++}`;
  waiting.set(id, callId);
  send({
    id,
    method: 'elicitation/create',
    params: {
      message: 'What is your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
  });
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.method === 'initialize') {
    send({
      id: message.id,
      result: {
        protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'elicit-fixture', version: '1.0.0' },
      },
    });
  } else if (message.method === 'tools/list') {
    send({
      id: message.id,
      result: {
        tools: [
          {
            name: 'ask',
            description: 'Asks the user for a name.',
            inputSchema: { type: 'object', properties: {} },
          },
        ],
      },
    });
  } else if (message.method === 'tools/call') {
    ask(message.id);
  } else if (message.id !== undefined && waiting.has(message.id)) {
    const callId = waiting.get(message.id);
    waiting.delete(message.id);
    const text = `elicitation answer: ${JSON.stringify(message.result ?? message.error ?? null)}`;
    send({ id: callId, result: { content: [{ type: 'text', text }] } });
  } else if (message.id !== undefined && message.method !== undefined) {
    send({ id: message.id, result: {} });
  }
});
