const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the token out of a first frame that must be exactly the browser client's auth message,
 * `{ "type": "auth", "credential": { "type": "oauth", "token": "<token>" } }` (surrounding white
 * space, a trailing newline included, is allowed; text or binary frame alike). Anything else
 * (not UTF-8, not JSON, another shape, another key, an empty token) gives `undefined`. The
 * caller checks the token; nothing here logs or echoes the frame.
 */
export function readAuthMessageToken(frame: Buffer): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(UTF8.decode(frame));
  } catch {
    return undefined;
  }
  if (!hasExactly(parsed, ['type', 'credential']) || parsed.type !== 'auth') return undefined;
  const credential = parsed.credential;
  if (!hasExactly(credential, ['type', 'token']) || credential.type !== 'oauth') return undefined;
  return typeof credential.token === 'string' && credential.token !== '' ? credential.token : undefined;
}

function hasExactly(value: unknown, keys: readonly string[]): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
}
