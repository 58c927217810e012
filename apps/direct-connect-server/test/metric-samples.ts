/**
 * The value of one sample in a Prometheus text exposition: `name` with exactly `labels` (in any
 * order); `undefined` when there is no such sample. Enough for unit tests; the end-to-end test
 * parses with a real parser.
 */
export function sampleValue(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line === '') continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null || match[1] !== name) continue;
    const found = (match[2] ?? '')
      .split(/,(?=[a-zA-Z_]+=")/)
      .filter((part) => part !== '')
      .sort()
      .join(',');
    if (found === wanted) return Number(match[3]);
  }
  return undefined;
}
