import type { SDKUserMessage } from '@ccsdk/control-protocol';

/** Wraps a prompt string as the stream-JSON user message the CLI reads on stdin. */
export function userMessageFromText(text: string): SDKUserMessage {
  return {
    type: 'user',
    session_id: '',
    message: { role: 'user', content: text },
    parent_tool_use_id: null,
  };
}
