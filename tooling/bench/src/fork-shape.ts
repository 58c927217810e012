// What two forks of one transcript, made apart by two SDKs, must share: used by the side-by-side
// session tests (session-parity-real-cli, session-read-parity.property).

const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TIMESTAMP_TEXT = /"timestamp":"[^"]*"/g;

/**
 * A fork's text with what differs between any two forks of one source made apart: each uuid the
 * source does not hold becomes its order of first appearance (`new-0`, …), and a timestamp the
 * source does not hold (the fork's "now") becomes `now`. Everything else (keys, their order,
 * values, lines) is compared byte for byte.
 */
export function forkShape(fork: string, source: string): string {
  const sourceIds = new Set(source.match(UUID_TEXT));
  const sourceTimes = new Set(source.match(TIMESTAMP_TEXT));
  const fresh = new Map<string, string>();
  return fork
    .replace(UUID_TEXT, (id) => {
      if (sourceIds.has(id)) return id;
      if (!fresh.has(id)) fresh.set(id, `new-${fresh.size}`);
      return fresh.get(id)!;
    })
    .replace(TIMESTAMP_TEXT, (stamp) => (sourceTimes.has(stamp) ? stamp : '"timestamp":"now"'));
}
