import type { MessageParam } from '@anthropic-ai/sdk/resources';
import type { UUID } from './message-common.js';
import type { SDKMessageOrigin } from './message-origin.js';

/**
 * The fields a live `user` message and a replayed one share: the Messages API turn, the tool use
 * it answers (if any), and how the CLI treats it. See {@link SDKUserMessage} and
 * {@link SDKUserMessageReplay}.
 */
export type UserMessageFields = {
  type: 'user';
  /** The Messages API user turn: text, tool results, images, ... */
  message: MessageParam;
  parent_tool_use_id: string | null;
  /** True for messages the CLI made up (e.g. a hook's injected context), not typed by a person. */
  isSynthetic?: boolean;
  /** The tool's structured output, next to its `tool_result` block (shape per tool). */
  tool_use_result?: unknown;
  /** Queue priority of a prompt sent while a turn runs. */
  priority?: 'now' | 'next' | 'later';
  origin?: SDKMessageOrigin;
  /** False to add the message to the conversation without starting a model turn. */
  shouldQuery?: boolean;
  timestamp?: string;
  client_composed?: true;
};

/**
 * `user`: a prompt, or tool results fed back to the model. It is also what a caller writes into
 * a streaming prompt; `session_id` and `uuid` may then be left out (the CLI fills them).
 */
export type SDKUserMessage = UserMessageFields & {
  uuid?: UUID;
  pasted_content?: MessageParam['content'][];
  inline_pastes?: string[];
  session_id?: string;
  agent_id?: string;
  subagent_type?: string;
  task_description?: string;
};

/**
 * `user` with `isReplay: true`: a message of a resumed session played back, or the CLI's echo of
 * a prompt (with `--replay-user-messages`). Narrow on `isReplay` to tell it from a live one.
 */
export type SDKUserMessageReplay = UserMessageFields & {
  uuid: UUID;
  session_id: string;
  isReplay: true;
  file_attachments?: unknown[];
};
