/**
 * A store URL as it may be printed: scheme, user, host, port and path, never the password and
 * never the query (a `postgres://` query may carry `password=`). Throws a `TypeError` that does
 * not quote the URL when it does not parse.
 */
export function storeUrlLabel(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError('the store URL does not parse (check its host, port and escaping)');
  }
  const user = parsed.username === '' ? '' : `${parsed.username}@`;
  return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`;
}
