import type { SDKUserMessage } from '@ccsdk/control-protocol';

/**
 * Wraps a prompt string as the stream-JSON user message the CLI reads on stdin: its content one
 * text block, as the official SDK writes it (the CLI keeps that shape in the transcript and sends
 * it to the model, so a session read back holds the prompt as a block either way).
 */
export function userMessageFromText(text: string): SDKUserMessage {
  return {
    type: 'user',
    session_id: '',
    message: { role: 'user', content: [{ type: 'text', text }] },
    parent_tool_use_id: null,
  };
}
