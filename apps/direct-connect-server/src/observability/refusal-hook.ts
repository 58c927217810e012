import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Told about one refusal: the HTTP status and the error code of its body. */
export type RefusalSink = (status: number, code: string) => void;

/** What the server attached to a response or an upgrade's socket. */
interface Watch {
  readonly onRefusal: RefusalSink;
  /** Headers every refusal of an upgrade carries (its `x-request-id`). */
  readonly headers: Readonly<Record<string, string>>;
}

const watches = new WeakMap<ServerResponse | Duplex, Watch>();

/**
 * Has every refusal sent on `target` (an HTTP response, or the socket of an upgrade) reported to
 * `onRefusal`: `sendError` and `refuseUpgrade` call {@link reportRefusal}, so a refusal a route
 * adds later is counted without knowing of metrics. `headers` are added to an upgrade's refusal.
 */
export function watchRefusals(
  target: ServerResponse | Duplex,
  onRefusal: RefusalSink,
  headers: Readonly<Record<string, string>> = {},
): void {
  watches.set(target, { onRefusal, headers });
}

/** Reports one refusal on `target` to its watcher, if it has one; a watcher that throws is ignored. */
export function reportRefusal(target: ServerResponse | Duplex, status: number, code: string): void {
  try {
    watches.get(target)?.onRefusal(status, code);
  } catch {
    // Counting a refusal must never stop it from being sent.
  }
}

/** The headers the watcher of an upgrade's socket asked refusals to carry. */
export function refusalHeaders(target: Duplex): Readonly<Record<string, string>> {
  return watches.get(target)?.headers ?? {};
}
