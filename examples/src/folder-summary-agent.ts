// The agent that testing-an-agent.test.ts tests: a function of your app built on query().
import { isSDKAssistantMessage, isSDKResultMessage, isToolUseBlock, type Options, query } from '@ccsdk/sdk';

/** What {@link summarizeFolder} found. */
export interface FolderSummary {
  readonly summary: string;
  readonly toolCalls: number;
}

/**
 * Asks Claude to look at a folder and summarize it in one sentence. `options` is passed through
 * to `query()` (a test passes its test bed's options; the app passes its own, or none).
 */
export async function summarizeFolder(options: Options = {}): Promise<FolderSummary> {
  let toolCalls = 0;
  for await (const message of query({
    prompt: 'List the files in this folder and summarize them in one sentence.',
    options: { allowedTools: ['Bash(ls:*)'], maxTurns: 4, ...options },
  })) {
    if (isSDKAssistantMessage(message)) toolCalls += message.message.content.filter(isToolUseBlock).length;
    if (isSDKResultMessage(message)) {
      if (message.subtype !== 'success') throw new Error(`The agent stopped: ${message.subtype}`);
      return { summary: message.result, toolCalls };
    }
  }
  throw new Error('The agent ended without a result.');
}
