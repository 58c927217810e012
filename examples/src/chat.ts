// Multi-turn chat in the terminal: each line you type is a turn of one session; Ctrl-D ends it.
// Run: pnpm tsx src/chat.ts   (offline, the scripted model echoes; pipe lines in: printf 'hi\nbye\n' | ...)
import { createInterface } from 'node:readline';
import {
  isSDKAssistantMessage,
  isSDKResultMessage,
  isTextBlock,
  query,
  type SDKUserMessage,
} from '@ccsdk/sdk';
import { text } from '@ccsdk/testing';
import { startExampleModel } from './support/example-model.js';

// Offline, the scripted model answers every turn from what it was sent.
await using model = await startExampleModel((request) => ({
  content: [text(`You said "${request.lastUserText.trim()}" (turn ${countUserTurns(request.messages)}).`)],
}));

const terminal = createInterface({ input: process.stdin, terminal: false });
const typed: string[] = [];

/** The prompt stream: one user message per line read, until stdin ends. */
async function* userLines(): AsyncGenerator<SDKUserMessage> {
  process.stdout.write('you> ');
  for await (const line of terminal) {
    if (line.trim() === '') continue;
    typed.push(line);
    yield {
      type: 'user',
      session_id: '',
      message: { role: 'user', content: line },
      parent_tool_use_id: null,
    };
  }
}

const answers: string[] = [];
for await (const message of query({ prompt: userLines(), options: model.options })) {
  if (isSDKAssistantMessage(message)) {
    const reply = message.message.content.filter(isTextBlock).map((block) => block.text);
    if (reply.length > 0) console.log(`\nclaude> ${reply.join('\n')}`);
  }
  if (isSDKResultMessage(message)) {
    answers.push(message.subtype === 'success' ? message.result : message.subtype);
    process.stdout.write('you> ');
  }
}
console.log('\n(bye)');

model.check(typed.length > 0, 'at least one line was read');
model.check(answers.length === typed.length, `one answer per line (${answers.length} for ${typed.length})`);
model.check(
  !model.offline || answers.every((answer, i) => answer.startsWith(`You said "${typed[i]}"`)),
  'each answer is for its own line, in order',
);

/** How many user turns a request's history holds (the CLI also sends tool results as user turns). */
function countUserTurns(messages: readonly unknown[]): number {
  return messages.filter((m) => (m as { role?: string }).role === 'user').length;
}
