/** Throws a `TypeError` naming the argument unless `value` is a non-empty string. */
export function checkText(name: string, value: unknown): void {
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`${name} must be a non-empty string, got ${JSON.stringify(value) ?? String(value)}`);
  }
}

/** Throws a `TypeError` naming the argument unless `value` is a plain object. */
export function checkOptionalRecord(name: string, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${name} must be an object, got ${JSON.stringify(value) ?? String(value)}`);
  }
}

/** Throws a `TypeError` unless `mtime` is a non-negative integer of ms. */
export function checkMtime(mtime: unknown): void {
  if (typeof mtime !== 'number' || !Number.isSafeInteger(mtime) || mtime < 0) {
    throw new TypeError(`seedReadState: mtime must be a non-negative integer of ms, got ${String(mtime)}`);
  }
}
