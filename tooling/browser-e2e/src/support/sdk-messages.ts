/** The texts of the assistant messages among `messages` (SDK messages as the page returned them). */
export function assistantTexts(messages: readonly unknown[]): string[] {
  return messages.flatMap((message) => {
    const m = message as { type?: string; message?: { content?: Array<{ type?: string; text?: string }> } };
    if (m.type !== 'assistant') return [];
    return (m.message?.content ?? []).flatMap((block) =>
      block.type === 'text' && typeof block.text === 'string' ? [block.text] : [],
    );
  });
}

/** The `subtype` of each `result` message, in order. */
export function resultSubtypes(messages: readonly unknown[]): string[] {
  return messages.flatMap((message) => {
    const m = message as { type?: string; subtype?: string };
    return m.type === 'result' ? [String(m.subtype)] : [];
  });
}
