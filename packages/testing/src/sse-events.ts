import type { ApiMessage } from './api-message.js';
import { INPUT_JSON_DELTA_PIECES, TEXT_DELTA_PIECES } from './limits.js';
import { splitPieces } from './split-pieces.js';

/** One server-sent event of a streamed Messages reply: the `event:` name and the `data:` JSON. */
export interface SseEvent {
  readonly event: string;
  readonly data: { readonly type: string } & Record<string, unknown>;
}

/**
 * The SSE events that stream `message`, in the real API's order: `message_start` (empty
 * content), a `ping`, then per block `content_block_start`, its deltas (`text_delta` pieces;
 * `thinking_delta` pieces then one `signature_delta`; `input_json_delta` pieces of the input's
 * JSON text), `content_block_stop`, and finally `message_delta` (stop reason, output tokens)
 * and `message_stop`. Concatenating the deltas rebuilds each block exactly.
 */
export function messageToSseEvents(message: ApiMessage): SseEvent[] {
  const events: SseEvent[] = [];
  const push = (data: SseEvent['data']): void => {
    events.push({ event: data.type, data });
  };
  push({
    type: 'message_start',
    message: {
      ...message,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...message.usage, output_tokens: Math.min(1, message.usage.output_tokens) },
    },
  });
  push({ type: 'ping' });
  message.content.forEach((block, index) => {
    switch (block.type) {
      case 'text':
        push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
        for (const piece of splitPieces(block.text, TEXT_DELTA_PIECES)) {
          push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
        }
        break;
      case 'thinking':
        push({
          type: 'content_block_start',
          index,
          content_block: { type: 'thinking', thinking: '', signature: '' },
        });
        for (const piece of splitPieces(block.thinking, TEXT_DELTA_PIECES)) {
          push({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: piece } });
        }
        push({
          type: 'content_block_delta',
          index,
          delta: { type: 'signature_delta', signature: block.signature },
        });
        break;
      case 'tool_use':
        push({
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        });
        for (const piece of splitPieces(JSON.stringify(block.input), INPUT_JSON_DELTA_PIECES)) {
          push({
            type: 'content_block_delta',
            index,
            delta: { type: 'input_json_delta', partial_json: piece },
          });
        }
        break;
    }
    push({ type: 'content_block_stop', index });
  });
  push({
    type: 'message_delta',
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { output_tokens: message.usage.output_tokens },
  });
  push({ type: 'message_stop' });
  return events;
}

/** The wire form of one event: `event: <name>\ndata: <json>\n\n`. */
export function formatSseEvent(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
