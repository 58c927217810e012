/** One durable event of a session's log, as a fresh SSE reader gets it. */
export interface LoggedEvent {
  readonly event: 'client_event' | 'session_ended';
  readonly sequence_num: number;
  readonly event_id?: string;
  readonly source?: 'worker' | 'client';
  readonly payload?: Record<string, unknown>;
}

/**
 * Reads a session's whole event log from sequence 0 with a fresh client (Node's fetch, the bearer
 * header) up to its `session_ended` event: the server's own record of what happened, to compare the
 * page's view against.
 */
export async function readEventLog(
  httpUrl: string,
  token: string,
  sessionId: string,
): Promise<LoggedEvent[]> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 20_000);
  try {
    const response = await fetch(`${httpUrl}/sessions/${sessionId}/events/stream?from_sequence_num=0`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (response.status !== 200)
      throw new Error(`the replay was refused: ${response.status} ${await response.text()}`);
    const events: LoggedEvent[] = [];
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const name = /^event: ?(.*)$/m.exec(frame)?.[1];
        const data = /^data: ?(.*)$/m.exec(frame)?.[1];
        if ((name === 'client_event' || name === 'session_ended') && data !== undefined) {
          events.push({ event: name, ...(JSON.parse(data) as Omit<LoggedEvent, 'event'>) });
        }
        if (name === 'session_ended') return events;
      }
    }
    throw new Error(`the replay ended without session_ended after ${events.length} events`);
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}
