// One-shot query: send one prompt, print the answer and what it cost.
// Run: pnpm tsx src/one-shot.ts (offline) or ANTHROPIC_API_KEY=... pnpm tsx src/one-shot.ts
import { isSDKAssistantMessage, isSDKResultSuccess, isTextBlock, query } from '@ccsdk/sdk';
import { reply, text } from '@ccsdk/testing';
import { startExampleModel } from './support/example-model.js';

const SCRIPTED_ANSWER = 'A monorepo keeps many packages in one repository, versioned and tested together.';

await using model = await startExampleModel([reply(text(SCRIPTED_ANSWER))]);

let answer: string | undefined;
for await (const message of query({
  prompt: 'In one sentence: what is a monorepo?',
  options: { ...model.options, maxTurns: 1 },
})) {
  if (isSDKAssistantMessage(message)) {
    for (const block of message.message.content) if (isTextBlock(block)) console.log(`claude: ${block.text}`);
  }
  if (isSDKResultSuccess(message)) {
    answer = message.result;
    console.log(
      `done in ${message.duration_ms} ms, ${message.num_turns} turn(s), $${message.total_cost_usd.toFixed(4)}`,
    );
  }
}

model.check(answer !== undefined && answer.length > 0, 'the query ended with a successful result');
model.check(!model.offline || answer === SCRIPTED_ANSWER, 'the result is the scripted answer');
