/**
 * Throws a `TypeError` naming the argument unless `value` is a string. An empty one is sent as
 * is, as the official SDK sends it: the CLI answers it (a `null` file, an unknown server).
 */
export function checkText(name: string, value: unknown): void {
  if (typeof value !== 'string') {
    throw new TypeError(`${name} must be a string, got ${JSON.stringify(value) ?? String(value)}`);
  }
}

/** Throws a `TypeError` naming the argument unless `value` is a plain object. */
export function checkOptionalRecord(name: string, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${name} must be an object, got ${JSON.stringify(value) ?? String(value)}`);
  }
}

/** Throws a `TypeError` unless `mtime` is a finite number of ms (sent as given, as the official sends it). */
export function checkMtime(mtime: unknown): void {
  if (typeof mtime !== 'number' || !Number.isFinite(mtime)) {
    throw new TypeError(`seedReadState: mtime must be a finite number of ms, got ${String(mtime)}`);
  }
}
