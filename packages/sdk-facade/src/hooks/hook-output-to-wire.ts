import { describeValue } from '../errors/describe-value.js';

/** Python-safe spellings the CLI does not know, and the wire names they stand for. */
const RENAMES: ReadonlyArray<readonly [alias: string, wire: string]> = [
  ['async_', 'async'],
  ['continue_', 'continue'],
];

/**
 * A callback's answer as the CLI expects it: a shallow copy with `async_` renamed to `async` and
 * `continue_` to `continue`; every other field, nested ones included, unchanged. `undefined`
 * becomes `{}` ("no opinion"). Throws a `TypeError` for anything that is not a plain object and
 * for an answer that holds both spellings of one field.
 */
export function hookOutputToWire(output: unknown): Record<string, unknown> {
  if (output === undefined) return {};
  if (typeof output !== 'object' || output === null || Array.isArray(output)) {
    throw new TypeError(
      `a hook callback must resolve to an object (HookJSONOutput), got ${describeValue(output)}`,
    );
  }
  const wire: Record<string, unknown> = { ...(output as Record<string, unknown>) };
  for (const [alias, name] of RENAMES) {
    if (!Object.hasOwn(wire, alias)) continue;
    if (Object.hasOwn(wire, name)) {
      throw new TypeError(
        `a hook output has both ${JSON.stringify(alias)} and ${JSON.stringify(name)}; give one`,
      );
    }
    wire[name] = wire[alias];
    delete wire[alias];
  }
  return wire;
}
