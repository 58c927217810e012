import { isSDKResultSuccess, query } from '@ccsdk/sdk';
import { createAgentTestBed, reply, text, toolUse } from '@ccsdk/testing';
import { expect, it } from 'vitest';

it('should run the command the model asks for and send its output back', async () => {
  await using bed = await createAgentTestBed({
    script: [
      reply(text('Let me check.'), toolUse('Bash', { command: 'echo hello' }, 'toolu_echo')),
      reply(text('It printed hello.')),
    ],
  });

  let answer: string | undefined;
  for await (const message of query({ prompt: 'What does echo hello print?', options: bed.options })) {
    if (isSDKResultSuccess(message)) answer = message.result;
  }

  expect(answer).toBe('It printed hello.');
  expect(bed.prompts()).toEqual(['What does echo hello print?']);
  expect(bed.toolResult('toolu_echo')).toMatchObject({ text: 'hello', isError: false });
});
