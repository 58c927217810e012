/**
 * One JSON value as one newline-terminated line, the framing every transport writes.
 * Throws a `TypeError` (with the serializer's error as `cause`) for a value with no JSON form:
 * `undefined`, a function, a symbol, a BigInt, a cycle.
 */
export function encodeJsonLine(value: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (cause) {
    throw new TypeError(`send() needs a JSON-serializable value: ${String(cause)}`, { cause });
  }
  if (json === undefined)
    throw new TypeError('send() needs a JSON-serializable value: the value has no JSON form');
  return `${json}\n`;
}
