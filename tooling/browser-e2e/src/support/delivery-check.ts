import type { LoggedEvent } from './event-log.js';

/** SDK message types the page's query yields from the CLI's lines. */
const YIELDED_TYPES = new Set(['assistant', 'result']);

/** What a comparison of the page's messages with the server's log found. */
export interface DeliveryReport {
  /** `uuid`s of the log's assistant and result lines the page never yielded. */
  readonly lost: string[];
  /** `uuid`s the page yielded more than once. */
  readonly duplicated: string[];
  /** True when the page's messages that the log has came in the log's order. */
  readonly inOrder: boolean;
  /** How many assistant and result lines the log has. */
  readonly expected: number;
}

function uuidOf(value: unknown): string | undefined {
  const uuid = (value as { uuid?: unknown } | undefined)?.uuid;
  return typeof uuid === 'string' ? uuid : undefined;
}

/**
 * Compares what the page yielded with the session's log read from sequence 0: every assistant and
 * result line the CLI wrote must reach the page once, and the page's messages must keep the log's order.
 */
export function compareWithLog(
  pageMessages: readonly unknown[],
  log: readonly LoggedEvent[],
): DeliveryReport {
  const logOrder = new Map<string, number>();
  const expected: string[] = [];
  for (const event of log) {
    const uuid = uuidOf(event.payload);
    if (event.source !== 'worker' || uuid === undefined) continue;
    if (!logOrder.has(uuid)) logOrder.set(uuid, event.sequence_num);
    if (YIELDED_TYPES.has(String(event.payload?.['type']))) expected.push(uuid);
  }
  const seen = new Map<string, number>();
  let last = -1;
  let inOrder = true;
  for (const message of pageMessages) {
    const uuid = uuidOf(message);
    if (uuid === undefined) continue;
    seen.set(uuid, (seen.get(uuid) ?? 0) + 1);
    const position = logOrder.get(uuid);
    if (position === undefined) continue;
    if (position < last) inOrder = false;
    last = position;
  }
  return {
    lost: expected.filter((uuid) => !seen.has(uuid)),
    duplicated: [...seen].filter(([, count]) => count > 1).map(([uuid]) => uuid),
    inOrder,
    expected: expected.length,
  };
}

/**
 * For each `can_use_tool` request of the CLI in the log: how many `control_response`s clients
 * posted for it. Answered exactly once means every count is 1.
 */
export function permissionAnswerCounts(log: readonly LoggedEvent[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const event of log) {
    const payload = event.payload as
      | {
          type?: string;
          request_id?: string;
          request?: { subtype?: string };
          response?: { request_id?: string };
        }
      | undefined;
    if (
      event.source === 'worker' &&
      payload?.type === 'control_request' &&
      payload.request?.subtype === 'can_use_tool'
    ) {
      counts.set(String(payload.request_id), counts.get(String(payload.request_id)) ?? 0);
    }
  }
  for (const event of log) {
    const payload = event.payload as { type?: string; response?: { request_id?: string } } | undefined;
    const id = payload?.response?.request_id;
    if (
      event.source === 'client' &&
      payload?.type === 'control_response' &&
      id !== undefined &&
      counts.has(id)
    ) {
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return counts;
}
