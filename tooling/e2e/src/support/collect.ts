import { isSDKAssistantMessage, isTextBlock, type SDKMessage } from '@ccsdk/sdk';

/** Drains a query (or any message stream) into an array; rejects with the stream's error. */
export async function collect(iterable: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const out: SDKMessage[] = [];
  for await (const message of iterable) out.push(message);
  return out;
}

/** The text blocks of every assistant message, in order. */
export function assistantTexts(messages: readonly SDKMessage[]): string[] {
  return messages.flatMap((m) =>
    isSDKAssistantMessage(m) ? m.message.content.filter(isTextBlock).map((b) => b.text) : [],
  );
}
