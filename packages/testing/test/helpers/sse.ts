/** Test helper: parses an SSE body and rebuilds the message its events describe. */

export interface ParsedEvent {
  event: string;
  data: Record<string, unknown> & { type: string };
}

/** Splits an SSE body into events; throws on a frame without `event:` or `data:`. */
export function parseSse(body: string): ParsedEvent[] {
  const frames = body.split('\n\n').filter((frame) => frame.length > 0);
  return frames.map((frame) => {
    const lines = frame.split('\n');
    const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length);
    const data = lines.find((line) => line.startsWith('data: '))?.slice('data: '.length);
    if (event === undefined || data === undefined) throw new Error(`bad SSE frame: ${JSON.stringify(frame)}`);
    return { event, data: JSON.parse(data) as ParsedEvent['data'] };
  });
}

/** Applies the events the way an API client does and returns the final message. */
export function rebuildMessage(
  events: readonly ParsedEvent[],
): Record<string, unknown> & { content: Record<string, unknown>[] } {
  const start = events[0];
  if (start?.data.type !== 'message_start') throw new Error('stream does not open with message_start');
  const message = structuredClone(start.data['message']) as Record<string, unknown> & {
    content: Record<string, unknown>[];
  };
  const partialJson = new Map<number, string>();
  for (const { data } of events.slice(1)) {
    const index = data['index'] as number;
    if (data.type === 'content_block_start') {
      message.content[index] = structuredClone(data['content_block']) as Record<string, unknown>;
    } else if (data.type === 'content_block_delta') {
      const block = message.content[index];
      const delta = data['delta'] as Record<string, string>;
      if (block === undefined) throw new Error(`delta for unknown block ${index}`);
      if (delta['type'] === 'text_delta') block['text'] = `${block['text']}${delta['text']}`;
      else if (delta['type'] === 'thinking_delta')
        block['thinking'] = `${block['thinking']}${delta['thinking']}`;
      else if (delta['type'] === 'signature_delta') block['signature'] = delta['signature'];
      else if (delta['type'] === 'input_json_delta')
        partialJson.set(index, (partialJson.get(index) ?? '') + delta['partial_json']);
      else throw new Error(`unknown delta ${delta['type']}`);
    } else if (data.type === 'content_block_stop') {
      const json = partialJson.get(index);
      const block = message.content[index];
      if (json !== undefined && block !== undefined) block['input'] = JSON.parse(json);
    } else if (data.type === 'message_delta') {
      Object.assign(message, data['delta']);
      message['usage'] = { ...(message['usage'] as object), ...(data['usage'] as object) };
    }
  }
  return message;
}
